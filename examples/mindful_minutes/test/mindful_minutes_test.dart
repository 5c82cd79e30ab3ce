// The plugin's real Dart code (MindfulMinutes over its MethodChannel) against the hkbridge
// emulator, in `flutter test`: hkbridge_flutter's HkBridgeMock puts `hkbridge serve --channel
// mindful_minutes` behind Flutter's test messenger. No hand-written mock.
//
//   flutter test        # hkbridge found in .dart_tool/hkbridge/hkbridge, on PATH or by HKBRIDGE

import 'package:flutter_test/flutter_test.dart';
import 'package:hkbridge_flutter/hkbridge_flutter.dart';
import 'package:mindful_minutes/mindful_minutes.dart';

void main() {
  TestWidgetsFlutterBinding.ensureInitialized();
  late HkBridgeMock hk;
  final plugin = MindfulMinutes();
  final start = DateTime.utc(2024, 1, 1, 7, 30);

  setUpAll(() async {
    hk = await HkBridgeMock.start(args: ['--channel', MindfulMinutesApi.channel]);
  });
  setUp(() async {
    hk.attach(); // flutter_test clears mock handlers after every test
    await hk.control.reset();
  });
  tearDownAll(() async => expect(await hk.close(), 0));

  test('a logged session is read back, and deleted', () async {
    expect(await plugin.requestAccess(), isTrue);
    final id = await plugin.logSession(start, const Duration(minutes: 10));
    final sessions = await plugin.sessions();
    expect(sessions.single.id, id);
    expect(sessions.single.length, const Duration(minutes: 10));
    expect(sessions.single.sourceBundleId, 'com.example.app');
    expect(await plugin.deleteSessions([id]), 1);
    expect(await plugin.sessions(), isEmpty);
    // What the plugin sent, as the emulator logged it.
    expect((await hk.control.calls()).map((c) => c.method),
        ['requestPermissions', 'writeRecord', 'readRecords', 'deleteRecords', 'readRecords']);
  });

  test('writing before asking fails with the platform code', () async {
    await expectLater(
        plugin.logSession(start, const Duration(minutes: 5)),
        throwsA(isA<MindfulMinutesException>()
            .having((e) => e.code, 'code', 'AUTHORIZATION_NOT_DETERMINED')));
  });

  test('no HealthKit on an iPad below iPadOS 17', () async {
    await hk.control.configure(device: HkDevice.iPad, osVersion: '16.4');
    expect(await plugin.isAvailable(), isFalse);
  });
}
