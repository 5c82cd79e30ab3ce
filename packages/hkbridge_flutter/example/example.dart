// A plugin's unchanged MethodChannel code against the hkbridge emulator in `flutter test`:
//
//   HKBRIDGE=/path/to/hkbridge flutter test example/example.dart

import 'package:flutter/services.dart';
import 'package:flutter_test/flutter_test.dart';
import 'package:hkbridge_flutter/hkbridge_flutter.dart';

void main() {
  late HkBridgeMock hk;
  const channel = MethodChannel('healthkit_permissions');

  setUpAll(() async => hk = await HkBridgeMock.start());
  setUp(() async {
    hk.attach();
    await hk.control.reset();
  });
  tearDownAll(() async => expect(await hk.close(), 0));

  test('isAvailable, then what the plugin sent', () async {
    expect(await channel.invokeMethod<bool>('isAvailable'), isTrue);
    expect((await hk.control.calls()).single.method, 'isAvailable');
  });

  test('an iPad below iPadOS 17 has no HealthKit', () async {
    await hk.control.configure(device: HkDevice.iPad, osVersion: '16.4');
    expect(await channel.invokeMethod<bool>('isAvailable'), isFalse);
  });
}
