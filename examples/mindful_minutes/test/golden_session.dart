// The session the goldens hold: the plugin's calls, made through MindfulMinutesApi, recorded by
// hkbridge_client's HkRecorder against `hkbridge serve --channel mindful_minutes`.
// tool/record_goldens.dart writes goldens/mindful_minutes.jsonl from it; goldens_vm_test.dart
// checks that the plugin still makes exactly these calls and that the goldens replay.

import 'package:hkbridge_client/hkbridge_client.dart';
import 'package:mindful_minutes/src/mindful_minutes_api.dart';

/// Records the golden session; returns the transcript's lines (header first).
Future<List<String>> recordGoldenSession({String? executable}) async {
  final bridge = await HkBridge.start(
      executable: executable, args: ['--channel', MindfulMinutesApi.channel], onStderr: (_) {});
  final lines = <String>[];
  // No `at`: an emulator session has the emulator's clock, which replay starts from anyway.
  final recorder = HkRecorder(bridge.send,
      onLine: lines.add,
      methodChannels: {MindfulMinutesApi.channel},
      header: HkTranscriptHeader.fromHello(bridge.hello),
      clock: null);
  final api = MindfulMinutesApi(
      (method, [arguments]) => hkInvokeMethod(recorder.send, MindfulMinutesApi.channel, method, arguments));
  final start = DateTime.utc(2024, 1, 1, 7, 30);
  await api.isAvailable();
  try {
    await api.logSession(start, const Duration(minutes: 10));
  } on HkPlatformException {
    // AUTHORIZATION_NOT_DETERMINED: recorded as an error reply.
  }
  await api.requestAccess();
  final id = await api.logSession(start, const Duration(minutes: 10));
  await api.logSession(start.add(const Duration(hours: 3)), const Duration(minutes: 5));
  await api.sessions();
  await api.sessions(from: start.add(const Duration(hours: 1)));
  await api.deleteSessions([id]);
  await api.sessions();
  final code = await bridge.close();
  if (code != 0) throw StateError('hkbridge serve exited with $code');
  return lines;
}
