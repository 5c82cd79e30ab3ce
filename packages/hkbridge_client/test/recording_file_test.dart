// The device recorder's Dart code path on the VM: HkRecorder writing through HkRecordingFile
// (what RecordingBinaryMessenger and example/record_on_device.dart do on a device) puts every
// line in the file as soon as its exchange completes, before any close (an app killed mid-run
// loses nothing written), refuses lines after close, and the file replays.

import 'dart:io';

import 'package:hkbridge_client/hkbridge_client.dart';
import 'package:test/test.dart';

import 'binary.dart';

void main() {
  final binary = hkbridgeBinary();
  late Directory dir;
  setUp(() => dir = Directory.systemTemp.createTempSync('hkbridge-recording-file'));
  tearDown(() => dir.deleteSync(recursive: true));

  test('each line is in the file when its exchange completes; close ends the recording',
      () async {
    final path = '${dir.path}/device.jsonl';
    final file = HkRecordingFile.open(path);
    final bridge = await HkBridge.start(executable: binary, onStderr: (_) {});
    final recorder = HkRecorder(bridge.send,
        onLine: file.writeLine,
        header: const HkTranscriptHeader(
            version: 'my_app 1.0.0 (hkbridge_client 0.1.0)',
            channels: ['healthkit_permissions'],
            device: 'iPhone',
            bundleId: 'com.example.app'));
    List<String> lines() => File(path).readAsLinesSync();
    expect(lines(), hasLength(1), reason: 'the header is written at once');
    await hkInvokeMethod(recorder.send, 'healthkit_permissions', 'isAvailable');
    expect(lines(), hasLength(2), reason: 'flushed without a close');
    expect(lines()[1], contains('"method": "isAvailable"'));
    expect(lines()[1], contains('"at": '));
    await hkInvokeMethod(recorder.send, 'healthkit_permissions', 'requestPermissions', {
      'read': ['steps'],
      'write': ['steps'],
    });
    expect(lines(), hasLength(3));
    file.close();
    file.close(); // twice: nothing
    expect(file.isClosed, isTrue);
    expect(() => file.writeLine('{"note": "late"}'), throwsStateError);
    expect(await bridge.close(), 0);

    final transcript = HkTranscript.parse(path, File(path).readAsStringSync());
    final result = await hkReplayTranscript(transcript, executable: binary, onStderr: (_) {});
    expect(result.failures, isEmpty);
    expect(result.passed, 2);
  }, skip: binary == null ? 'no hkbridge binary (set HKBRIDGE)' : null);

  test('append continues a recording across launches; without it the file starts over', () {
    final path = '${dir.path}/again.jsonl';
    HkRecordingFile.open(path)
      ..writeLine('{"note": "first launch"}')
      ..close();
    HkRecordingFile.open(path, append: true)
      ..writeLine('{"note": "second launch"}')
      ..close();
    expect(File(path).readAsLinesSync(), ['{"note": "first launch"}', '{"note": "second launch"}']);
    HkRecordingFile.open(path)
      ..writeLine('{"note": "over"}')
      ..close();
    expect(File(path).readAsLinesSync(), ['{"note": "over"}']);
  });
}
