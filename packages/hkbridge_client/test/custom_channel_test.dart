// A channel of your own (serve --custom-channel): any method name is stubbed through the
// control channel and answered, a call nothing answers gets Flutter's not-implemented reply (and
// one warning), HELLO and the header name the channel, and a golden of it replays.

import 'dart:io';

import 'package:hkbridge_client/hkbridge_client.dart';
import 'package:test/test.dart';

import 'binary.dart';

void main() {
  final binary = hkbridgeBinary();

  test('stubs answer any method on a custom channel; the rest is not implemented, with a warning',
      () async {
    final stderrLines = <String>[];
    final bridge = await HkBridge.start(
        executable: binary, args: ['--custom-channel', 'my_plugin'], onStderr: stderrLines.add);
    expect(bridge.hello.raw['customChannels'], ['my_plugin']);
    final header = HkTranscriptHeader.fromHello(bridge.hello);
    expect(header.customChannels, ['my_plugin']);
    expect(header.channels, ['healthkit_permissions']);
    expect(header.toLine(), contains('"customChannels": ["my_plugin"]'));
    await bridge.control.stub(
        method: 'getSteps', args: {'day': '2024-01-01'}, reply: const HkStubReply.ok(1200));
    await bridge.control.stub(
        method: 'getSleep', reply: const HkStubReply.error('NO_DATA', message: 'no sleep'));
    expect(await bridge.invokeMethod('my_plugin', 'getSteps', {'day': '2024-01-01'}), 1200);
    await expectLater(bridge.invokeMethod('my_plugin', 'getSleep'),
        throwsA(isA<HkPlatformException>().having((e) => e.code, 'code', 'NO_DATA')));
    await expectLater(bridge.invokeMethod('my_plugin', 'getHeart'),
        throwsA(isA<HkNotImplementedException>()));
    expect((await bridge.control.calls()).map((c) => c.method),
        ['getSteps', 'getSleep', 'getHeart']);
    expect(await bridge.close(), 0);
    expect(stderrLines.where((l) => l.contains('"getHeart" on the custom channel "my_plugin"')),
        hasLength(1));
  }, skip: binary == null ? 'no hkbridge binary (set HKBRIDGE)' : null);

  test('a golden of a custom channel records its header key and replays from Dart', () async {
    final dir = Directory.systemTemp.createTempSync('hkbridge-custom');
    addTearDown(() => dir.deleteSync(recursive: true));
    final path = '${dir.path}/custom.jsonl';
    final session = await HkMockSession.start(
        executable: binary, args: ['--custom-channel', 'my_plugin'], onStderr: (_) {});
    final recorded =
        HkMockSession(session.bridge, golden: HkGolden(path, update: true));
    await recorded.control.stub(method: 'getSteps', reply: const HkStubReply.ok([1, 2]));
    expect(await hkInvokeMethod(recorded.handle, 'my_plugin', 'getSteps', {'days': 2}), [1, 2]);
    expect(await recorded.close(), 0);
    final text = File(path).readAsStringSync();
    expect(text.split('\n').first, contains('"customChannels": ["my_plugin"]'));
    final transcript = HkTranscript.parse(path, text);
    expect(transcript.serveArgs, containsAll(['--custom-channel', 'my_plugin']));
    final result = await hkReplayTranscript(transcript, executable: binary, onStderr: (_) {});
    expect(result.failures, isEmpty);
    expect(result.passed, 2);
  }, skip: binary == null ? 'no hkbridge binary (set HKBRIDGE)' : null);
}
