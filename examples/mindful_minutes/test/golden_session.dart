// The golden session: the plugin's calls, made through its real Dart code (MindfulMinutesApi),
// against `hkbridge serve --channel mindful_minutes`, recorded and compared with
// goldens/mindful_minutes.jsonl when the session closes. A change in what the plugin sends fails
// with the diff; `HKBRIDGE_UPDATE_GOLDENS=1 tool/test test/goldens_vm_test.dart` rewrites the
// golden (review `git diff goldens/` before committing).

import 'package:hkbridge_client/hkbridge_client.dart';
import 'package:mindful_minutes/src/mindful_minutes_api.dart';

/// The golden file, relative to the plugin's folder (where tests run).
const String goldenPath = 'goldens/mindful_minutes.jsonl';

/// Runs the golden session; throws [HkGoldenMismatch] when the traffic differs from [golden].
Future<void> runGoldenSession({String golden = goldenPath, String? executable}) async {
  final session = await HkMockSession.start(
      executable: executable,
      args: ['--channel', MindfulMinutesApi.channel],
      golden: golden,
      onStderr: (_) {});
  final api = MindfulMinutesApi((method, [arguments]) =>
      hkInvokeMethod(session.handle, MindfulMinutesApi.channel, method, arguments));
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
  final code = await session.close(); // compares with the golden
  if (code != 0) throw StateError('hkbridge serve exited with $code');
}
