// The plugin's Dart logic on the plain Dart VM (no Flutter): MindfulMinutesApi bound to
// hkbridge_client's HkBridge.invokeMethod on the plugin's channel, against `hkbridge serve
// --channel mindful_minutes`; and its pure helpers. Runs with tool/test (Dart 2.16 VM) and with
// `flutter test` / `dart test`.

import 'package:hkbridge_client/hkbridge_client.dart';
import 'package:mindful_minutes/src/mindful_minutes_api.dart';
import 'package:test/test.dart';

/// The API over [bridge], platform errors mapped as lib/mindful_minutes.dart maps them.
MindfulMinutesApi apiOver(HkBridge bridge) => MindfulMinutesApi((method, [arguments]) async {
      try {
        return await bridge.invokeMethod(MindfulMinutesApi.channel, method, arguments);
      } on HkPlatformException catch (e) {
        throw MindfulMinutesException(e.code, e.message);
      }
    });

String? binary() {
  try {
    return HkBridge.findExecutable();
  } on HkBridgeNotFoundException {
    return null;
  }
}

void main() {
  final start = DateTime.utc(2024, 1, 1, 7, 30);

  group('against hkbridge', () {
    late HkBridge bridge;
    late MindfulMinutesApi api;
    setUpAll(() async {
      bridge = await HkBridge.start(args: ['--channel', MindfulMinutesApi.channel]);
      api = apiOver(bridge);
    });
    setUp(() => bridge.control.reset());
    tearDownAll(() async => expect(await bridge.close(), 0));

    test('log, read back in order, total, delete', () async {
      expect(await api.isAvailable(), isTrue);
      expect(await api.requestAccess(), isTrue);
      final second = await api.logSession(start.add(const Duration(days: 1)), const Duration(minutes: 20));
      final first = await api.logSession(start, const Duration(minutes: 10));
      final sessions = await api.sessions();
      expect(sessions.map((s) => s.id), [first, second]);
      expect(sessions.first.start, start);
      expect(sessions.first.sourceBundleId, 'com.example.app');
      expect(MindfulMinutesApi.totalTime(sessions), const Duration(minutes: 30));
      expect(await api.sessions(from: start.add(const Duration(hours: 1))),
          hasLength(1));
      expect(await api.deleteSessions([first, second]), 2);
      expect(await api.sessions(), isEmpty);
      expect((await bridge.control.calls()).last.method, 'readRecords');
    });

    test('errors arrive as MindfulMinutesException with the platform code', () async {
      await expectLater(
          api.logSession(start, const Duration(minutes: 1)),
          throwsA(isA<MindfulMinutesException>()
              .having((e) => e.code, 'code', 'AUTHORIZATION_NOT_DETERMINED')));
      await api.requestAccess();
      await expectLater(
          api.deleteSessions(['3F2504E0-4F89-41D3-9A0C-0305E82C3301']),
          throwsA(isA<MindfulMinutesException>().having((e) => e.code, 'code', 'NOT_FOUND')));
    });

    test('an app identity configured on the emulator is the source of what it writes', () async {
      await bridge.control.configure(bundleId: 'com.acme.mindful');
      await api.requestAccess();
      await api.logSession(start, const Duration(minutes: 3));
      expect((await api.sessions()).single.sourceBundleId, 'com.acme.mindful');
    });
  }, skip: binary() == null ? 'no hkbridge binary (set HKBRIDGE)' : null);

  group('pure logic', () {
    final a = MindfulSession('a', start, start.add(const Duration(minutes: 10)));
    final b = MindfulSession('b', start.add(const Duration(hours: 2)),
        start.add(const Duration(hours: 2, minutes: 5)));
    final c = MindfulSession('c', start.subtract(const Duration(days: 1)),
        start.subtract(const Duration(days: 1)).add(const Duration(minutes: 7)));

    test('totalTime and minutesPerDay', () {
      expect(MindfulMinutesApi.totalTime([a, b, c]), const Duration(minutes: 22));
      expect(MindfulMinutesApi.minutesPerDay([a, b, c]), {
        DateTime.utc(2023, 12, 31): 7,
        DateTime.utc(2024, 1, 1): 15,
      });
      expect(MindfulMinutesApi.minutesPerDay([a, b, c]).keys.first, DateTime.utc(2023, 12, 31));
    });

    test('a record that is no session is a FormatException; a session lasts', () {
      expect(() => MindfulSession.fromRecord({'uuid': 'x'}), throwsA(isA<FormatException>()));
      expect(
          MindfulSession.fromRecord({
            'uuid': 'x',
            'start': 0,
            'end': 60000,
            'source': {'bundleId': 'b'}
          }).length,
          const Duration(minutes: 1));
      expect(() => const MindfulMinutesApi(_never).logSession(start, Duration.zero),
          throwsArgumentError);
    });
  });
}

Future<Object?> _never(String method, [Object? arguments]) =>
    throw StateError('not called');
