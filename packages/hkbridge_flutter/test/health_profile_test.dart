// Profile `health`: a minimal copy of the `health` package's call pattern on its channel
// (`flutter_health`, the same method names and argument keys), against `hkbridge serve
// --profile health`. Run with HKBRIDGE naming the hkbridge binary:
//   HKBRIDGE=/path/to/hkbridge flutter test test/health_profile_test.dart

import 'dart:io';

import 'package:flutter/services.dart';
import 'package:flutter_test/flutter_test.dart';
import 'package:hkbridge_flutter/hkbridge_flutter.dart';

/// The calls the `health` package makes, written for this test (0 READ, 1 WRITE, 2 READ_WRITE).
class HealthCalls {
  static const MethodChannel _channel = MethodChannel('flutter_health');
  static const MethodChannel _deviceInfo = MethodChannel('dev.fluttercommunity.plus/device_info');

  Future<Map<Object?, Object?>?> deviceInfo() =>
      _deviceInfo.invokeMethod<Map<Object?, Object?>>('getDeviceInfo');

  Future<bool> requestAuthorization(List<String> types, List<int> permissions) async =>
      await _channel.invokeMethod<bool>(
          'requestAuthorization', {'types': types, 'permissions': permissions}) ??
      false;

  Future<bool?> hasPermissions(List<String> types, List<int> permissions) =>
      _channel.invokeMethod<bool>('hasPermissions', {'types': types, 'permissions': permissions});

  Future<bool> writeData(String type, double value, String unit, DateTime start, DateTime end,
          {int recordingMethod = 2}) async =>
      await _channel.invokeMethod<bool>('writeData', {
        'value': value,
        'dataTypeKey': type,
        'dataUnitKey': unit,
        'startTime': start.millisecondsSinceEpoch,
        'endTime': end.millisecondsSinceEpoch,
        'recordingMethod': recordingMethod,
      }) ??
      false;

  Future<List<Object?>> getData(String type, String unit, DateTime start, DateTime end) async =>
      await _channel.invokeMethod<List<Object?>>('getData', {
        'dataTypeKey': type,
        'dataUnitKey': unit,
        'startTime': start.millisecondsSinceEpoch,
        'endTime': end.millisecondsSinceEpoch,
        'recordingMethodsToFilter': <int>[],
      }) ??
      const [];

  Future<int?> getTotalStepsInInterval(DateTime start, DateTime end) =>
      _channel.invokeMethod<int>('getTotalStepsInInterval', {
        'startTime': start.millisecondsSinceEpoch,
        'endTime': end.millisecondsSinceEpoch,
        'recordingMethodsToFilter': <int>[],
      });
}

void main() {
  TestWidgetsFlutterBinding.ensureInitialized();
  final executable = Platform.environment['HKBRIDGE'];
  final health = HealthCalls();
  final day = DateTime.utc(2024, 1, 1);
  DateTime at(double hours) => day.add(Duration(minutes: (hours * 60).round()));

  group('profile health against hkbridge', () {
    late HkBridgeMock hk;

    setUpAll(() async {
      hk = await HkBridgeMock.start(executable: executable, args: ['--profile', 'health']);
    });
    setUp(() async {
      hk.attach();
      await hk.control.reset();
    });
    tearDownAll(() async {
      expect(await hk.close(), 0);
    });

    test('HELLO lists the profile and its channels', () {
      expect(hk.bridge.profiles, ['health']);
      expect(hk.bridge.channels, contains('flutter_health'));
    });

    test('device_info_plus answers the iOS device map', () async {
      final info = await health.deviceInfo();
      expect(info?['systemName'], 'iOS');
      expect(info?['identifierForVendor'], isA<String>());
    });

    test('read permission stays hidden; write permission shows', () async {
      expect(await health.requestAuthorization(['STEPS', 'HEART_RATE'], [2, 0]), isTrue);
      expect(await health.hasPermissions(['STEPS'], [1]), isTrue);
      expect(await health.hasPermissions(['HEART_RATE'], [0]), isNull);
    });

    test('a written sample reads back in the package shape', () async {
      await health.requestAuthorization(['STEPS'], [2]);
      expect(await health.writeData('STEPS', 120, 'COUNT', at(10), at(11), recordingMethod: 3),
          isTrue);
      final points = await health.getData('STEPS', 'COUNT', at(0), at(24));
      expect(points, hasLength(1));
      final point = points.single as Map;
      expect(point['value'], 120.0);
      expect(point['date_from'], at(10).millisecondsSinceEpoch);
      expect(point['recording_method'], 3);
      expect(point['dataUnitKey'], 'count');
    });

    test('overlapping sources are not counted twice', () async {
      await health.requestAuthorization(['STEPS'], [2]);
      await health.writeData('STEPS', 300, 'COUNT', at(10.5), at(11.5));
      await hk.control.addSamples([
        {
          'type': 'steps',
          'start': at(10).millisecondsSinceEpoch,
          'end': at(11).millisecondsSinceEpoch,
          'value': 600,
          'unit': 'count',
        }
      ], sourceBundleId: 'com.apple.health.81C5A4F0', sourceName: 'Apple Watch');
      expect(await health.getTotalStepsInInterval(at(10), at(12)), 750);
    });

    test('the plugin error codes reach Dart', () async {
      await expectLater(
          const MethodChannel('flutter_health').invokeMethod('getData', {'dataUnitKey': 'COUNT'}),
          throwsA(isA<PlatformException>().having((e) => e.code, 'code', 'ARGUMENT_ERROR')));
      await expectLater(
          const MethodChannel('flutter_health').invokeMethod('getHealthConnectSdkStatus'),
          throwsA(isA<MissingPluginException>()));
    });
  });
}
