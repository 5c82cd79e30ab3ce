// Recording from Dart: HkRecorder (what RecordingBinaryMessenger feeds) writes a Dart-driven
// session against the real `hkbridge serve`; `hkbridge replay` passes it in bytes mode, the
// Dart replay passes it too, and its lines are the lines `serve --record` wrote for the same
// session.

import 'dart:io';
import 'dart:typed_data';

import 'package:hkbridge_client/hkbridge_client.dart';
import 'package:test/test.dart';

import 'binary.dart';
import 'hex.dart';

const plugin = 'healthkit_permissions';
const control = 'hkbridge/control';

/// A session that touches every kind of line: success, error, null reply, a malformed call, a
/// null payload, the control channel, pipelined calls.
Future<void> drive(HkSend send) async {
  final c = HkControl(send);
  await c.configure(osVersion: '17.0');
  await hkInvokeMethod(send, plugin, 'isAvailable');
  await expectLater(
      hkInvokeMethod(send, plugin, 'readCharacteristic',
          {'identifier': 'HKCharacteristicTypeIdentifierBloodType'}),
      throwsA(isA<HkPlatformException>()));
  await expectLater(hkInvokeMethod(send, plugin, 'noSuchMethod', [1, 2.5, 'x']),
      throwsA(isA<HkNotImplementedException>()));
  await send(plugin, ByteData.sublistView(hex('07')));
  await send(plugin, null);
  await c.setCharacteristic('HKCharacteristicTypeIdentifierBloodType', 2);
  await hkInvokeMethod(send, plugin, 'requestCharacteristicPermissions', {
    'identifiers': ['HKCharacteristicTypeIdentifierBloodType']
  });
  await c.addSamples([
    {'type': 'activeEnergy', 'start': 1703980800000, 'end': 1703981100000, 'value': 0.5,
      'unit': 'kcal'},
  ]);
  await c.advanceClock(const Duration(seconds: 90));
  await Future.wait([
    for (var i = 0; i < 20; i++) hkInvokeMethod(send, plugin, 'isAvailable'),
    c.snapshot(),
  ]);
}

void main() {
  final binary = hkbridgeBinary();

  test('a Dart recording replays in bytes mode and has the lines serve --record writes',
      () async {
    final dir = Directory.systemTemp.createTempSync('hkbridge-dart-recording');
    addTearDown(() => dir.deleteSync(recursive: true));
    final served = '${dir.path}/served.jsonl';
    final bridge =
        await HkBridge.start(executable: binary, args: ['--record', served], onStderr: (_) {});
    final lines = <String>[];
    // No `at` (clock: null): serve --record writes the emulator's clock, not this one.
    final recorder = HkRecorder(bridge.send,
        onLine: lines.add,
        methodChannels: {plugin, control},
        header: HkTranscriptHeader.fromHello(bridge.hello),
        clock: null);
    await drive(recorder.send);
    expect(await bridge.close(), 0);

    expect(
        lines.first,
        '{"hkbridge": {"version": "${bridge.emulator}", "channels": ["$plugin"], '
        '"device": "iPhone", "osVersion": "17.5"}}');
    final exchanges = lines.skip(1).toList();
    expect(exchanges, hasLength(31));

    // The same exchanges, byte for byte, as serve's own recording (its notes and any header
    // line left aside), but for "at": each side writes its own clock (the device's, the
    // emulator's).
    String withoutAt(String line) => line.replaceFirst(RegExp(r', "at": \d+'), '');
    final servedLines = File(served)
        .readAsLinesSync()
        .where((l) => l.startsWith('{"channel"'))
        .map(withoutAt)
        .toList();
    expect(exchanges.map(withoutAt).toList(), servedLines);
    // An hkbridge whose serve --record writes a header line writes the same one.
    final servedFirst = File(served).readAsLinesSync().first;
    if (servedFirst.startsWith('{"hkbridge"')) expect(lines.first, servedFirst);

    // hkbridge replay, bytes mode (every line has replyHex).
    final recording = File('${dir.path}/dart.jsonl')
      ..writeAsStringSync(lines.map((l) => '$l\n').join());
    var run = Process.runSync(binary!, ['replay', '--match', 'bytes', recording.path]);
    if (run.exitCode == 2) {
      // An hkbridge whose replay does not know the header line yet: record without it.
      stdout.writeln('recording_test: this hkbridge replay refuses the {"hkbridge": ...} header '
          '(${'${run.stderr}'.trim()}); replaying the recording written with writeHeader: false');
      final plain = <String>[];
      final again = await HkBridge.start(executable: binary, onStderr: (_) {});
      final noHeader = HkRecorder(again.send,
          onLine: plain.add,
          methodChannels: {plugin, control},
          header: HkTranscriptHeader.fromHello(bridge.hello),
          writeHeader: false,
          clock: null);
      await drive(noHeader.send);
      expect(await again.close(), 0);
      expect(plain, exchanges);
      recording.writeAsStringSync(plain.map((l) => '$l\n').join());
      run = Process.runSync(binary, ['replay', '--match', 'bytes', recording.path]);
    }
    expect(run.exitCode, 0, reason: '${run.stdout}${run.stderr}');
    expect('${run.stdout}', contains('31 passed, 0 failed'));

    // And the Dart replay of the same file, header included.
    final result = await hkReplayTranscript(
        HkTranscript.parse('dart.jsonl', lines.map((l) => '$l\n').join()),
        executable: binary,
        onStderr: (_) {});
    expect(result.failures, isEmpty);
    expect(result.summary, '31 passed, 0 failed');
  }, skip: binary == null ? 'no hkbridge binary (set HKBRIDGE)' : null);
}
