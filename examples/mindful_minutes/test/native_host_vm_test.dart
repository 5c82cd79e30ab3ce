// The plugin's Swift half (ios/Classes) on Linux: the same Dart API, its calls answered by the
// plugin's own Swift code inside a native host that hkbridge's scripts/native-host builds
// (../../protocol/native.md). MINDFUL_NATIVE_HOST names the binary (hkbridge's scripts/test
// builds it and sets it); without it these tests are skipped.

import 'dart:io';

import 'package:hkbridge_client/hkbridge_client.dart';
import 'package:mindful_minutes/src/mindful_minutes_api.dart';
import 'package:test/test.dart';

MindfulMinutesApi apiOver(HkBridge bridge) => MindfulMinutesApi((method, [arguments]) async {
      try {
        return await bridge.invokeMethod(MindfulMinutesApi.channel, method, arguments);
      } on HkPlatformException catch (e) {
        throw MindfulMinutesException(e.code, e.message);
      }
    });

void main() {
  final host = Platform.environment['MINDFUL_NATIVE_HOST'];
  final start = DateTime.utc(2024, 1, 1, 7, 30);

  group('the Swift half through the native host', () {
    late HkBridge bridge;
    late MindfulMinutesApi api;
    // A fresh host for each test: the plugin keeps its sessions in HealthKit (the emulator's
    // store, which the control channel's reset empties), but the plugin instance itself lives
    // as long as its host.
    setUp(() async {
      bridge = await HkBridge.start(executable: host, onStderr: (_) {});
      api = apiOver(bridge);
    });
    tearDown(() async => expect(await bridge.close(), 0));

    test('HELLO lists the plugin\'s own channel first, then the emulator\'s', () {
      expect(bridge.channels.first, MindfulMinutesApi.channel);
      expect(bridge.channels, contains('hkbridge/control'));
    });

    test('log, read back in order, total, delete', () async {
      expect(await api.isAvailable(), isTrue);
      expect(await api.requestAccess(), isTrue);
      final second =
          await api.logSession(start.add(const Duration(days: 1)), const Duration(minutes: 20));
      final first = await api.logSession(start, const Duration(minutes: 10));
      expect(first, '00000000-0000-4000-8000-000000000002');
      final sessions = await api.sessions();
      expect(sessions.map((s) => s.id), [first, second]);
      expect(sessions.first.start, start);
      expect(sessions.first.sourceBundleId, 'com.example.app');
      expect(MindfulMinutesApi.totalTime(sessions), const Duration(minutes: 30));
      expect(await api.sessions(from: start.add(const Duration(hours: 1))), hasLength(1));
      expect(await api.deleteSessions([first, second]), 2);
      expect(await api.sessions(), isEmpty);
    });

    test('errors arrive as MindfulMinutesException with the Swift code\'s code', () async {
      await expectLater(
          api.logSession(start, const Duration(minutes: 1)),
          throwsA(isA<MindfulMinutesException>()
              .having((e) => e.code, 'code', 'AUTHORIZATION_NOT_DETERMINED')));
      await api.requestAccess();
      await expectLater(
          api.deleteSessions(['3F2504E0-4F89-41D3-9A0C-0305E82C3301']),
          throwsA(isA<MindfulMinutesException>().having((e) => e.code, 'code', 'NOT_FOUND')));
      await expectLater(bridge.invokeMethod(MindfulMinutesApi.channel, 'noSuchMethod'),
          throwsA(isA<HkNotImplementedException>()));
    });

    test('pipelined calls: each reply finds its call, the background answer included', () async {
      final replies = await Future.wait([
        api.requestAccess(),
        api.isAvailable(),
      ]);
      expect(replies, [true, true]);
      final calls = await bridge.control.calls();
      expect(calls.map((c) => c.method), ['requestPermissions', 'isAvailable']);
      expect(calls.map((c) => c.code), [null, null]);
    });
  }, skip: host == null ? 'MINDFUL_NATIVE_HOST not set (hkbridge\'s scripts/test sets it)' : null);
}
