// The example: a plugin's unchanged MethodChannel code, tested against the real emulator.
// Run with HKBRIDGE naming the hkbridge binary:
//   HKBRIDGE=/path/to/hkbridge flutter test test/healthkit_permissions_test.dart

import 'package:flutter/services.dart';
import 'package:flutter_test/flutter_test.dart';
import 'package:hkbridge_flutter/hkbridge_flutter.dart';

/// The Dart side of a HealthKit permission plugin, as it ships: it only knows its channel.
class HealthKitPermissions {
  static const MethodChannel _channel = MethodChannel('healthkit_permissions');

  Future<bool> isAvailable() async => await _channel.invokeMethod<bool>('isAvailable') ?? false;

  Future<bool> requestQuantityPermissions(List<String> identifiers,
          {bool read = true, bool write = false}) async =>
      await _channel.invokeMethod<bool>('requestQuantityPermissions',
          {'identifiers': identifiers, 'read': read, 'write': write}) ??
      false;

  Future<bool> requestCharacteristicPermissions(List<String> identifiers) async =>
      await _channel.invokeMethod<bool>(
          'requestCharacteristicPermissions', {'identifiers': identifiers}) ??
      false;

  Future<Object?> readCharacteristic(String identifier) =>
      _channel.invokeMethod<Object?>('readCharacteristic', {'identifier': identifier});
}

const bloodType = 'HKCharacteristicTypeIdentifierBloodType';

Matcher platformError(String code, {int? hkErrorCode}) {
  var matcher = isA<PlatformException>().having((e) => e.code, 'code', code);
  if (hkErrorCode != null) {
    matcher = matcher.having(
        (e) => (e.details as Map?)?['hkErrorCode'], 'details.hkErrorCode', hkErrorCode);
  }
  return matcher;
}

void main() {
  TestWidgetsFlutterBinding.ensureInitialized();
  String? executable;
  try {
    executable = HkBridge.findExecutable(); // HKBRIDGE, PATH, .dart_tool/hkbridge/hkbridge
  } on HkBridgeNotFoundException {
    executable = null;
  }
  final plugin = HealthKitPermissions();

  group('healthkit_permissions against hkbridge', () {
    late HkBridgeMock hk;

    setUpAll(() async {
      hk = await HkBridgeMock.start(executable: executable);
    });
    setUp(() async {
      hk.attach(); // flutter_test clears mock handlers after every test
      await hk.control.reset();
    });
    tearDownAll(() async {
      expect(await hk.close(), 0);
    });

    test('HELLO names the plugin channel and the control channel', () {
      expect(hk.bridge.protocol, 1);
      expect(hk.bridge.channels, containsAll(['healthkit_permissions', 'hkbridge/control']));
    });

    test('isAvailable is true on the default iPhone', () async {
      expect(await plugin.isAvailable(), isTrue);
    });

    test('isAvailable is false on an iPad below iPadOS 17, and other methods fail', () async {
      await hk.control.configure(device: HkDevice.iPad, osVersion: '16.4');
      expect(await plugin.isAvailable(), isFalse);
      await expectLater(plugin.readCharacteristic(bloodType),
          throwsA(platformError('HEALTH_DATA_UNAVAILABLE', hkErrorCode: 1)));
    });

    test('requestQuantityPermissions completes with true', () async {
      expect(await plugin.requestQuantityPermissions(['HKQuantityTypeIdentifierStepCount']),
          isTrue);
    });

    test('readCharacteristic before any request is AUTHORIZATION_NOT_DETERMINED', () async {
      await expectLater(plugin.readCharacteristic(bloodType),
          throwsA(platformError('AUTHORIZATION_NOT_DETERMINED', hkErrorCode: 5)));
    });

    test('after the request, the blood type the store holds is read', () async {
      await hk.control.setCharacteristic(bloodType, 1); // HKBloodType.aPositive
      expect(await plugin.requestCharacteristicPermissions([bloodType]), isTrue);
      expect(await plugin.readCharacteristic(bloodType), 1);
    });

    test('an unknown characteristic is UNSUPPORTED_TYPE', () async {
      await expectLater(plugin.readCharacteristic('HKCharacteristicTypeIdentifierShoeSize'),
          throwsA(platformError('UNSUPPORTED_TYPE')));
    });

    test('a method the plugin lacks is a MissingPluginException', () async {
      await expectLater(const MethodChannel('healthkit_permissions').invokeMethod<void>('nope'),
          throwsA(isA<MissingPluginException>()));
    });
  }, skip: executable == null ? 'no hkbridge binary found (set HKBRIDGE)' : null);
}
