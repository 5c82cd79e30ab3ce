// Profile `health` on the bare Dart VM: a minimal copy of the `health` package's call pattern
// (channel `flutter_health`, the package's method names, argument keys and value types, and
// `device_info_plus`'s `getDeviceInfo`), sent through this package's own client to
// `hkbridge serve --profile health`. The same calls as health_profile_test.dart, which needs the
// Flutter SDK; this file needs only `dart:` and package:test, so tool/test runs it.
//
//   HKBRIDGE=../../.build/debug/hkbridge tool/test test/health_profile_vm_test.dart
//
// Replies are checked twice where it matters: as the package's Dart code sees them (plain ints
// and doubles, exactly typed: 120.0 is not 120) and as they are on the wire (an int the iOS host
// writes from a Swift Int is an int64, tag 4, even when small: `HkInt64`).

import 'package:hkbridge_client/hkbridge_client.dart';
import 'package:test/test.dart';

import 'binary.dart';
import 'exactly.dart';

const healthChannel = 'flutter_health';
const deviceInfoChannel = 'dev.fluttercommunity.plus/device_info';

/// `HealthDataAccess.index`.
const read = 0, write = 1, readWrite = 2;

/// `RecordingMethod.toInt()`: automatic 2, manual 3.
const automatic = 2, manual = 3;

/// The host's argument guards wrap a Swift error whose description has a typographic apostrophe.
const pluginError = 'The operation couldn\u2019t be completed. (health.PluginError error 1.)';

/// The calls the `health` package makes on iOS, written for this test as its Dart code writes
/// them (`invokeMethod<T>` is the untyped call followed by `as T?`).
class HealthCalls {
  HealthCalls(this.bridge);
  final HkBridge bridge;

  Future<Object?> invoke(String method, [Object? arguments]) =>
      bridge.invokeMethod(healthChannel, method, arguments);

  Future<Map<Object?, Object?>?> deviceInfo() async =>
      await bridge.invokeMethod(deviceInfoChannel, 'getDeviceInfo') as Map<Object?, Object?>?;

  Future<bool> checkIfHealthDataAvailable() async =>
      await invoke('checkIfHealthDataAvailable') as bool? ?? false;

  Future<bool> requestAuthorization(List<String> types, List<int> permissions) async =>
      await invoke('requestAuthorization', {'types': types, 'permissions': permissions})
          as bool? ??
      false;

  Future<bool?> hasPermissions(List<String> types, List<int> permissions) async =>
      await invoke('hasPermissions', {'types': types, 'permissions': permissions}) as bool?;

  Future<bool> writeData(String type, double value, String unit, DateTime start, DateTime end,
          {int recordingMethod = automatic}) async =>
      await invoke('writeData', writeArgs(type, value, unit, start, end, recordingMethod))
          as bool? ??
      false;

  Future<List<Object?>> getData(String type, String unit, DateTime start, DateTime end,
          {List<int> recordingMethodsToFilter = const []}) async =>
      await invoke('getData', getDataArgs(type, unit, start, end, recordingMethodsToFilter))
          as List<Object?>? ??
      const [];

  Future<Map<Object?, Object?>?> getDataByUUID(String uuid, String type, String unit) async =>
      await invoke('getDataByUUID', {'dataTypeKey': type, 'dataUnitKey': unit, 'uuid': uuid})
          as Map<Object?, Object?>?;

  Future<List<Object?>> getIntervalData(
          String type, String unit, DateTime start, DateTime end, int interval) async =>
      await invoke('getIntervalData', {
        'dataTypeKey': type,
        'dataUnitKey': unit,
        'startTime': start.millisecondsSinceEpoch,
        'endTime': end.millisecondsSinceEpoch,
        'interval': interval,
        'recordingMethodsToFilter': <int>[],
      }) as List<Object?>? ??
      const [];

  Future<int?> getTotalStepsInInterval(DateTime start, DateTime end,
          {bool includeManualEntry = true}) async =>
      await invoke('getTotalStepsInInterval', stepsArgs(start, end, includeManualEntry)) as int?;

  static Map<String, Object?> writeArgs(String type, double value, String unit, DateTime start,
          DateTime end, int recordingMethod) =>
      {
        'value': value,
        'dataTypeKey': type,
        'dataUnitKey': unit,
        'startTime': start.millisecondsSinceEpoch,
        'endTime': end.millisecondsSinceEpoch,
        'recordingMethod': recordingMethod,
        'clientRecordId': null,
        'clientRecordVersion': null,
      };

  static Map<String, Object?> getDataArgs(
          String type, String unit, DateTime start, DateTime end, List<int> filter) =>
      {
        'dataTypeKey': type,
        'dataUnitKey': unit,
        'startTime': start.millisecondsSinceEpoch,
        'endTime': end.millisecondsSinceEpoch,
        'recordingMethodsToFilter': filter,
      };

  static Map<String, Object?> stepsArgs(DateTime start, DateTime end, bool includeManualEntry) =>
      {
        'startTime': start.millisecondsSinceEpoch,
        'endTime': end.millisecondsSinceEpoch,
        'recordingMethodsToFilter': includeManualEntry ? <int>[] : [manual],
      };
}

/// The reply to [method] as bytes on the wire show it: small int64s as [HkInt64].
Future<Object?> wireResult(HkBridge bridge, String channel, String method,
        [Object? arguments]) =>
    hkInvokeMethod(bridge.send, channel, method, arguments,
        const HkMethodCodec(HkMessageCodec(preserveWidths: true)));

Matcher platformError(String code, {Object? message, Object? details = anything}) =>
    isA<HkPlatformException>()
        .having((e) => e.code, 'code', code)
        .having((e) => e.message, 'message', message ?? anything)
        .having((e) => e.details, 'details', details);

final uuidPattern = RegExp(r'^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$');

void main() {
  test('expectExactly tells int from double and HkInt64 from int', () {
    expect(typedMismatch(120.0, 120, 'v'), 'v: expected double 120.0, got int 120');
    expect(typedMismatch(3, const HkInt64(3), 'v'), isNotNull);
    expect(typedMismatch({'a': [1.0]}, {'a': [1]}, 'v'),
        'v["a"][0]: expected double 1.0, got int 1');
    expect(typedMismatch({'a': 1}, {'a': 1, 'b': null}, 'v'), startsWith('v: unexpected key "b"'));
    expect(typedMismatch(null, false, 'v'), isNotNull);
    expect(typedMismatch([const HkInt64(3), 'x', true, null], [const HkInt64(3), 'x', true, null],
        'v'), isNull);
  });

  final binary = hkbridgeBinary();
  final skip = binary == null ? 'no hkbridge binary (set HKBRIDGE)' : null;
  final day = DateTime.utc(2024, 1, 1); // the emulator's clock after reset
  DateTime at(double hours) => day.add(Duration(minutes: (hours * 60).round()));
  int ms(double hours) => at(hours).millisecondsSinceEpoch;

  group('profile health against hkbridge serve', () {
    late HkBridge bridge;
    late HkControl control;
    late HealthCalls health;

    setUpAll(() async {
      bridge = await HkBridge.start(
          executable: binary, profiles: ['health'], onStderr: (_) {});
      control = HkControl(bridge.send);
      health = HealthCalls(bridge);
    });
    setUp(() async {
      await control.reset();
    });
    tearDownAll(() async {
      expect(await bridge.close(), 0);
    });

    test('HELLO lists the profile and exactly its channels', () {
      expect(bridge.profiles, ['health']);
      expect(bridge.channels, [healthChannel, deviceInfoChannel, 'hkbridge/control']);
      expect(bridge.device['osVersion'], '17.5');
    });

    test('device_info_plus: getDeviceInfo answers the iOS device map, Swift ints as int64',
        () async {
      final info = await health.deviceInfo();
      const utsname = {
        'sysname': 'Darwin',
        'nodename': 'localhost',
        'release': '23.5.0',
        'version': 'Darwin Kernel Version 23.5.0',
        'machine': 'iPhone15,4',
      };
      expectExactly(info, {
        'name': 'iPhone',
        'systemName': 'iOS',
        'systemVersion': '17.5',
        'model': 'iPhone',
        'modelName': 'iPhone 15',
        'localizedModel': 'iPhone',
        'identifierForVendor': '00000000-0000-4000-8000-0000000000AA',
        'freeDiskSize': 64000000000,
        'totalDiskSize': 128000000000,
        'isPhysicalDevice': true,
        'physicalRamSize': 6144,
        'availableRamSize': 3072,
        'isiOSAppOnMac': false,
        'isiOSAppOnVision': false,
        'utsname': utsname,
      });
      // Health.configure() keeps identifierForVendor as the device id.
      expect(info!['identifierForVendor'], matches(uuidPattern));
      final wire = await wireResult(bridge, deviceInfoChannel, 'getDeviceInfo') as Map;
      expectExactly(wire['physicalRamSize'], const HkInt64(6144), 'physicalRamSize');
      expectExactly(wire['availableRamSize'], const HkInt64(3072), 'availableRamSize');

      await control.configure(device: HkDevice.iPad, osVersion: '16.4');
      final iPad = await health.deviceInfo();
      expectExactly(iPad!['systemName'], 'iPadOS', 'systemName');
      expectExactly(iPad['systemVersion'], '16.4', 'systemVersion');
      expectExactly(iPad['model'], 'iPad', 'model');
      expectExactly((iPad['utsname'] as Map)['machine'], 'iPad13,18', 'utsname.machine');
      // The Darwin kernel follows the configured version: iPadOS 16.4 runs Darwin 22.4.0.
      expectExactly((iPad['utsname'] as Map)['release'], '22.4.0', 'utsname.release');
    });

    test('checkIfHealthDataAvailable: iPhone yes, iPadOS 16.4 no, iPadOS 17.0 yes, restricted no',
        () async {
      expectExactly(await health.invoke('checkIfHealthDataAvailable'), true);
      await control.configure(device: HkDevice.iPad, osVersion: '16.4');
      expectExactly(await health.invoke('checkIfHealthDataAvailable'), false);
      await control.configure(osVersion: '17.0');
      expectExactly(await health.invoke('checkIfHealthDataAvailable'), true);
      await control.configure(device: HkDevice.iPhone, osVersion: '17.5', restricted: true);
      expectExactly(await health.invoke('checkIfHealthDataAvailable'), false);
    });

    test('requestAuthorization is true; hasPermissions shows WRITE and hides READ (null)',
        () async {
      expectExactly(await health.hasPermissions(['STEPS'], [write]), false,
          'STEPS WRITE before asking');
      expectExactly(await health.hasPermissions(['STEPS'], [read]), null, 'STEPS READ');
      expectExactly(
          await health.invoke('requestAuthorization', {
            'types': ['STEPS', 'HEART_RATE', 'WEIGHT', 'GENDER'],
            'permissions': [readWrite, read, write, read],
          }),
          true);
      expectExactly(await health.hasPermissions(['STEPS'], [write]), true, 'STEPS WRITE');
      expectExactly(
          await health.hasPermissions(['STEPS', 'WEIGHT'], [write, write]), true, 'both WRITE');
      expectExactly(await health.hasPermissions(['HEART_RATE'], [read]), null, 'HEART_RATE READ');
      expectExactly(await health.hasPermissions(['STEPS'], [readWrite]), null, 'READ_WRITE');
      expectExactly(await health.hasPermissions(['STEPS', 'HEART_RATE'], [write, read]), null,
          'any READ');
      expectExactly(await health.hasPermissions(['HEART_RATE'], [write]), false,
          'HEART_RATE WRITE (only read was asked)');
      expectExactly(await health.hasPermissions(['GENDER'], [read]), false,
          'a characteristic is no sample type');
    });

    test('argument guards: REQUEST_AUTH_ERROR and PERMISSION_ERROR, the wrapped Swift error',
        () async {
      await expectLater(
          health.requestAuthorization(['STEPS'], [read, write]),
          throwsA(platformError('REQUEST_AUTH_ERROR',
              message: 'Error requesting authorization: $pluginError', details: isNull)));
      await expectLater(
          health.requestAuthorization(['BIRTH_DATE'], [write]),
          throwsA(platformError('REQUEST_AUTH_ERROR',
              message: 'Error requesting authorization: $pluginError', details: isNull)));
      await expectLater(
          health.hasPermissions(['STEPS'], []),
          throwsA(platformError('PERMISSION_ERROR',
              message: 'Error checking permissions: $pluginError', details: isNull)));
      // Nothing was asked: BIRTH_DATE's WRITE threw before the request.
      expect((await control.snapshot())['promptsShown'], 0);
    });

    test('sharing a read-only type: REQUEST_AUTH_ERROR, details.iosBehavior exception', () async {
      await expectLater(
          health.requestAuthorization(['WALKING_HEART_RATE'], [readWrite]),
          throwsA(platformError('REQUEST_AUTH_ERROR',
              message: startsWith('Authorization to share '
                  'HKQuantityTypeIdentifierWalkingHeartRateAverage is disallowed'),
              details: {'iosBehavior': 'exception'})));
      expectExactly(await health.requestAuthorization(['WALKING_HEART_RATE'], [read]), true);
    });

    test('a written sample reads back in the package shape', () async {
      expect(await health.requestAuthorization(['STEPS'], [readWrite]), isTrue);
      expectExactly(
          await health.invoke(
              'writeData', HealthCalls.writeArgs('STEPS', 120, 'COUNT', at(10), at(11), manual)),
          true,
          'writeData');
      final points = await health.getData('STEPS', 'COUNT', at(0), at(24));
      expectExactly(points, [
        {
          'uuid': '00000000-0000-4000-8000-000000000001',
          'value': 120.0,
          'date_from': ms(10),
          'date_to': ms(11),
          'source_id': 'com.example.app',
          'source_name': 'com.example.app',
          'recording_method': manual,
          'dataUnitKey': 'count',
          'metadata': {'HKWasUserEntered': 1.0},
        }
      ], 'getData');
      final point = points.single as Map;
      expect(point['uuid'], matches(uuidPattern));

      // On the wire recording_method is a Swift Int: int64 even though it is 3.
      final wire = await wireResult(bridge, healthChannel, 'getData',
          HealthCalls.getDataArgs('STEPS', 'COUNT', at(0), at(24), [])) as List;
      expectExactly((wire.single as Map)['recording_method'], const HkInt64(manual),
          'recording_method on the wire');

      // getDataByUUID (what writeHealthData / getHealthDataByUUID call): the same point.
      expectExactly(await health.getDataByUUID(point['uuid'] as String, 'STEPS', 'COUNT'), point,
          'getDataByUUID');
      expectExactly(
          await health.getDataByUUID(
              (point['uuid'] as String).toLowerCase(), 'STEPS', 'COUNT'),
          point,
          'getDataByUUID, lower-case uuid');
      expectExactly(
          await health.getDataByUUID('00000000-0000-4000-8000-0000000000FF', 'STEPS', 'COUNT'),
          null,
          'getDataByUUID, unknown uuid');

      // A second, automatic sample: newest first; filtering manual entries (3) drops the first.
      await health.writeData('STEPS', 300, 'COUNT', at(12), at(13));
      final both = await health.getData('STEPS', 'COUNT', at(0), at(24));
      expect([for (final p in both) (p as Map)['value']], [300.0, 120.0]);
      expectExactly((both.first as Map)['recording_method'], automatic, 'automatic');
      expectExactly((both.first as Map)['metadata'], {'HKWasUserEntered': 0.0}, 'metadata');
      final filtered = await health.getData('STEPS', 'COUNT', at(0), at(24),
          recordingMethodsToFilter: [manual]);
      expect([for (final p in filtered) (p as Map)['value']], [300.0]);
      // Only samples that START in [startTime, endTime).
      expect(await health.getData('STEPS', 'COUNT', at(10.5), at(24)), hasLength(1));
    });

    test('getData converts to the requested unit; dataUnitKey is HealthKit\'s unit string',
        () async {
      await health.requestAuthorization(['WEIGHT'], [readWrite]);
      expect(await health.writeData('WEIGHT', 72.5, 'KILOGRAM', at(7), at(7)), isTrue);
      final points = await health.getData('WEIGHT', 'POUND', at(0), at(24));
      final point = points.single as Map;
      expectExactly(point['value'], 159.83514008403623, 'value in lb');
      expectExactly(point['dataUnitKey'], 'lb', 'dataUnitKey');
      expectExactly(point['date_from'], ms(7), 'date_from');
      expectExactly(point['date_to'], ms(7), 'date_to');
    });

    test('characteristics read as one data point from Health, their raw value an int', () async {
      await control.setCharacteristic('HKCharacteristicTypeIdentifierBiologicalSex', 'female');
      // Never requested: HealthKit refuses the read, value null.
      expectExactly((await health.getData('GENDER', 'NO_UNIT', at(0), at(24))).single,
          {
            'value': null,
            'date_from': ms(0),
            'date_to': ms(24),
            'source_id': 'com.apple.Health',
            'source_name': 'Health',
            'recording_method': manual,
          },
          'GENDER before asking');
      await health.requestAuthorization(['GENDER'], [read]);
      expectExactly((await health.getData('GENDER', 'NO_UNIT', at(0), at(24))).single,
          {
            'value': 1, // HKBiologicalSex.female
            'date_from': ms(0),
            'date_to': ms(24),
            'source_id': 'com.apple.Health',
            'source_name': 'Health',
            'recording_method': manual,
          },
          'GENDER');
    });

    test('the privacy rule: a denied read shows only the app\'s own samples', () async {
      await control.setPromptPolicy(overrides: {
        'HKQuantityTypeIdentifierBodyTemperature':
            const HkPromptOverride(read: HkPromptAnswer.deny),
      });
      await control.addSamples([
        {'type': 'bodyTemperature', 'start': ms(7), 'end': ms(7), 'value': 36.6, 'unit': 'degC'}
      ], sourceBundleId: 'com.apple.health.81C5A4F0', sourceName: 'Withings Thermo');
      expectExactly(await health.requestAuthorization(['BODY_TEMPERATURE'], [readWrite]), true,
          'the sheet completed although reading was denied');
      expectExactly(
          await health.hasPermissions(['BODY_TEMPERATURE'], [readWrite]), null, 'READ_WRITE');
      expect(
          await health.writeData('BODY_TEMPERATURE', 37.1, 'DEGREE_CELSIUS', at(8), at(8),
              recordingMethod: manual),
          isTrue);
      final points = await health.getData('BODY_TEMPERATURE', 'DEGREE_CELSIUS', at(0), at(24));
      expect(points, hasLength(1));
      expectExactly((points.single as Map)['value'], 37.1, 'the app\'s own sample');
      expectExactly((points.single as Map)['source_id'], 'com.example.app', 'source_id');

      // Granted (after a reset): the thermometer's reading shows, with its source's name.
      await control.reset();
      await control.addSamples([
        {'type': 'bodyTemperature', 'start': ms(7), 'end': ms(7), 'value': 36.6, 'unit': 'degC'}
      ], sourceBundleId: 'com.apple.health.81C5A4F0', sourceName: 'Withings Thermo');
      await health.requestAuthorization(['BODY_TEMPERATURE'], [read]);
      final granted = await health.getData('BODY_TEMPERATURE', 'DEGREE_CELSIUS', at(0), at(24));
      final other = granted.single as Map;
      expectExactly(other['value'], 36.6, 'value');
      expectExactly(other['source_id'], 'com.apple.health.81C5A4F0', 'source_id');
      expectExactly(other['source_name'], 'Withings Thermo', 'source_name');
      expectExactly(other['recording_method'], automatic, 'recording_method');

      await expectLater(
          health.getData('RESPIRATORY_RATE', 'RESPIRATIONS_PER_MINUTE', at(0), at(24)),
          throwsA(platformError('HEALTH_ERROR',
              message: 'Error getting health data: Authorization not determined',
              details: isNull)));
    });

    test('a denied or revoked share: hasPermissions false, writeData false', () async {
      await control.setPromptPolicy(write: HkPromptAnswer.deny);
      expect(await health.requestAuthorization(['BODY_FAT_PERCENTAGE'], [write]), isTrue);
      expectExactly(await health.hasPermissions(['BODY_FAT_PERCENTAGE'], [write]), false);
      expectExactly(
          await health.invoke('writeData',
              HealthCalls.writeArgs('BODY_FAT_PERCENTAGE', 0.21, 'PERCENT', at(8), at(8), 2)),
          false);

      await control.reset();
      await health.requestAuthorization(['STEPS'], [write]);
      expectExactly(await health.hasPermissions(['STEPS'], [write]), true);
      await control.setAuthorization('HKQuantityTypeIdentifierStepCount',
          share: HkShareStatus.sharingDenied);
      expectExactly(await health.hasPermissions(['STEPS'], [write]), false);
      expect(await health.writeData('STEPS', 100, 'COUNT', at(10), at(11)), isFalse);
    });

    test('overlapping sources are not counted twice; the total is an int64', () async {
      await health.requestAuthorization(['STEPS'], [readWrite]);
      expect(await health.writeData('STEPS', 300, 'COUNT', at(10.5), at(11.5)), isTrue);
      await control.addSamples([
        {'type': 'steps', 'start': ms(10), 'end': ms(11), 'value': 600, 'unit': 'count'}
      ], sourceBundleId: 'com.apple.health.81C5A4F0', sourceName: 'Apple Watch');
      expectExactly(await health.getTotalStepsInInterval(at(10), at(12)), 750, 'total');
      expectExactly(
          await wireResult(bridge, healthChannel, 'getTotalStepsInInterval',
              HealthCalls.stepsArgs(at(10), at(12), true)),
          const HkInt64(750),
          'total on the wire');

      expect(
          await health.writeData('STEPS', 40, 'COUNT', at(12.25), at(12.5),
              recordingMethod: manual),
          isTrue);
      expectExactly(await health.getTotalStepsInInterval(at(10), at(13)), 790, 'with manual');
      expectExactly(
          await health.getTotalStepsInInterval(at(10), at(13), includeManualEntry: false), 750,
          'without manual entries');
      expectExactly(await health.getTotalStepsInInterval(at(0), at(1)), 0, 'no steps');
    });

    test('getIntervalData: one bucket per interval with a value, sources merged', () async {
      await health.requestAuthorization(['STEPS'], [readWrite]);
      await health.writeData('STEPS', 300, 'COUNT', at(10.5), at(11.5));
      await control.addSamples([
        {'type': 'steps', 'start': ms(10), 'end': ms(11), 'value': 600, 'unit': 'count'}
      ], sourceBundleId: 'com.apple.health.81C5A4F0', sourceName: 'Apple Watch');
      Map<String, Object?> bucket(double value, double from, double to) => {
            'value': value,
            'date_from': ms(from),
            'date_to': ms(to),
            'source_id': '',
            'source_name': '',
          };
      expectExactly(await health.getIntervalData('STEPS', 'COUNT', at(10), at(12), 3600),
          [bucket(600.0, 10, 11), bucket(150.0, 11, 12)], 'hourly');
      expectExactly(await health.getIntervalData('STEPS', 'COUNT', at(10), at(12), 1800),
          [bucket(300.0, 10, 10.5), bucket(300.0, 10.5, 11), bucket(150.0, 11, 11.5)],
          'half-hourly');
      expectExactly(await health.getIntervalData('STEPS', 'NOT_A_UNIT', at(10), at(12), 3600), [],
          'unknown unit key');
      await expectLater(
          health.getIntervalData('RESPIRATORY_RATE', 'RESPIRATIONS_PER_MINUTE', at(10), at(12), 60),
          throwsA(platformError('INVALID_TYPE',
              message: 'Invalid dataTypeKey for interval query: RESPIRATORY_RATE',
              details: isNull)));
    });

    test('the plugin error codes reach Dart; Android-only methods are not implemented', () async {
      await expectLater(
          health.invoke('getData', {'dataUnitKey': 'COUNT'}),
          throwsA(platformError('ARGUMENT_ERROR',
              message: 'Missing required dataTypeKey argument', details: isNull)));
      await expectLater(
          health.getData('TOTAL_CALORIES_BURNED', 'KILOCALORIE', at(0), at(24)),
          throwsA(platformError('INVALID_TYPE',
              message: 'Invalid dataTypeKey: TOTAL_CALORIES_BURNED', details: isNull)));
      await expectLater(
          health.invoke('writeData', {'value': 1.0, 'dataTypeKey': 'STEPS'}),
          throwsA(platformError('WRITE_ERROR',
              message: 'Error writing data: $pluginError', details: isNull)));
      await health.requestAuthorization(['STEPS'], [readWrite]);
      await expectLater(
          health.writeData('STEPS', 10, 'NOT_A_UNIT', at(1), at(2)),
          throwsA(platformError('WRITE_ERROR', details: {'iosBehavior': 'crash'})));
      await expectLater(
          health.writeData('STEPS', 10, 'COUNT', at(2), at(1)),
          throwsA(platformError('WRITE_ERROR', details: {'iosBehavior': 'exception'})));
      for (final method in [
        'getHealthConnectSdkStatus',
        'revokePermissions',
        'isHealthDataHistoryAvailable',
        'installHealthConnect',
      ]) {
        await expectLater(
            health.invoke(method),
            throwsA(isA<HkNotImplementedException>()
                .having((e) => e.channel, 'channel', healthChannel)
                .having((e) => e.method, 'method', method)));
      }
    });

    test('without HealthKit: requests and saves are false, queries fail with its description',
        () async {
      await control.configure(device: HkDevice.iPad, osVersion: '16.4');
      expectExactly(
          await health.invoke('requestAuthorization', {
            'types': ['STEPS'],
            'permissions': [readWrite],
          }),
          false,
          'requestAuthorization');
      expectExactly(
          await health.invoke(
              'writeData', HealthCalls.writeArgs('STEPS', 100, 'COUNT', at(10), at(11), 2)),
          false,
          'writeData');
      await expectLater(
          health.getData('STEPS', 'COUNT', at(0), at(24)),
          throwsA(platformError('HEALTH_ERROR',
              message: 'Error getting health data: Health data is unavailable on this device',
              details: isNull)));
      await control.configure(device: HkDevice.iPhone, osVersion: '17.5', restricted: true);
      await expectLater(
          health.getTotalStepsInInterval(at(0), at(24)),
          throwsA(platformError('STEPS_ERROR',
              message: 'Error getting step count: Health data is restricted', details: isNull)));
    });
  }, skip: skip);
}
