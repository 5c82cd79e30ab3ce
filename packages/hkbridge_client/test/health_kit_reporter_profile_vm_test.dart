// Profile `health_kit_reporter` on the bare Dart VM: the calls the `health_kit_reporter`
// package's Dart side makes on `health_kit_reporter_method_channel` (its method names, argument
// maps built as `Predicate.map` and `Sample.parsed()` build them: milliseconds since 1970 as
// ints), sent through this package's client to `hkbridge serve --profile health_kit_reporter`,
// and each reply read back as the package's models read it: `jsonDecode` of the JSON string,
// then the fields and types its `fromJson` constructors take (seconds since 1970 inside JSON).
//
//   HKBRIDGE=../../.build/debug/hkbridge tool/test test/health_kit_reporter_profile_vm_test.dart

import 'dart:convert';

import 'package:hkbridge_client/hkbridge_core.dart';
import 'package:test/test.dart';

import 'binary.dart';

const channel = 'health_kit_reporter_method_channel';
const steps = 'HKQuantityTypeIdentifierStepCount';
const sleep = 'HKCategoryTypeIdentifierSleepAnalysis';

/// `SourceRevision.map` of a sample built in Dart (the host ignores it on save).
const revision = <String, Object?>{
  'source': {'name': 'app', 'bundleIdentifier': 'com.example.app'},
  'version': null,
  'productType': null,
  'systemVersion': '17.5.0',
  'operatingSystem': {'majorVersion': 17, 'minorVersion': 5, 'patchVersion': 0},
};

/// What `Sample.from` and `SourceRevision.fromJson` require of every sample.
void expectSampleHead(Map<String, dynamic> json) {
  expect(json['uuid'], isA<String>());
  expect(json['identifier'], isA<String>());
  expect(json['startTimestamp'], isA<num>());
  expect(json['endTimestamp'], isA<num>());
  final source = json['sourceRevision'] as Map<String, dynamic>;
  expect(source['systemVersion'], isA<String>());
  final os = source['operatingSystem'] as Map<String, dynamic>;
  expect([os['majorVersion'], os['minorVersion'], os['patchVersion']], everyElement(isA<int>()));
  final origin = source['source'] as Map<String, dynamic>;
  expect(origin['name'], isA<String>());
  expect(origin['bundleIdentifier'], isA<String>());
}

void main() {
  final binary = hkbridgeBinary();
  final skip = binary == null ? 'no hkbridge binary (set HKBRIDGE)' : null;
  final day = DateTime.utc(2024, 1, 1); // the emulator's clock after reset
  int ms(double hours) => day.add(Duration(minutes: (hours * 60).round())).millisecondsSinceEpoch;
  final wholeDay = <String, Object?>{'startTimestamp': ms(0), 'endTimestamp': ms(24)};

  group('profile health_kit_reporter against hkbridge serve', () {
    late HkBridge bridge;
    late HkControl control;
    Future<Object?> invoke(String method, [Object? arguments]) =>
        bridge.invokeMethod(channel, method, arguments);
    Future<dynamic> json(String method, Object? arguments) async =>
        jsonDecode(await invoke(method, arguments) as String);
    Map<String, Object?> quantity(double value, double fromHour, double toHour) => {
          'quantity': {
            'uuid': 'ignored',
            'identifier': steps,
            'startTimestamp': ms(fromHour),
            'endTimestamp': ms(toHour),
            'device': null,
            'sourceRevision': revision,
            'harmonized': {'value': value, 'unit': 'count', 'metadata': null},
          }
        };

    setUpAll(() async {
      bridge = await HkBridge.start(
          executable: binary, profiles: ['health_kit_reporter'], onStderr: (_) {});
      control = HkControl(bridge.send);
    });
    setUp(() async {
      await control.reset();
    });
    tearDownAll(() async {
      expect(await bridge.close(), 0);
    });

    test('HELLO lists the method channel, the four event channels and control', () {
      expect(bridge.profiles, ['health_kit_reporter']);
      expect(bridge.channels.first, channel);
      expect(bridge.channels.where((c) => c.startsWith('health_kit_reporter_event_channel_')),
          hasLength(4));
    });

    test('authorize, save, read back: seconds inside JSON, the source, the value', () async {
      expect(await invoke('isAvailable'), isTrue);
      expect(await invoke('requestAuthorization', {'toRead': [steps, sleep], 'toWrite': [steps, sleep]}),
          isTrue);
      expect(await invoke('save', quantity(300, 10, 11)), isTrue);
      final list = await json('quantityQuery', {'identifier': steps, 'unit': 'count', ...wholeDay})
          as List<dynamic>;
      expect(list, hasLength(1));
      final sample = list.single as Map<String, dynamic>;
      expectSampleHead(sample);
      expect(sample['startTimestamp'], ms(10) / 1000);
      expect(sample['device'], <String, dynamic>{});
      final harmonized = sample['harmonized'] as Map<String, dynamic>;
      expect(harmonized['value'], 300);
      expect(harmonized['unit'], 'count');
      // sampleQuery: a list of JSON strings.
      final samples = await invoke('sampleQuery', {'identifier': steps, ...wholeDay}) as List;
      expect(samples.map((s) => (jsonDecode(s as String) as Map)['uuid']), [sample['uuid']]);
    });

    test('a sample saved with a device reads back with that device', () async {
      await invoke('requestAuthorization', {'toRead': [steps], 'toWrite': [steps]});
      // `Device.map`: every key present, the unknown ones null.
      const device = <String, Object?>{
        'name': 'Apple Watch',
        'manufacturer': 'Apple Inc.',
        'model': 'Watch',
        'hardwareVersion': 'Watch6,2',
        'firmwareVersion': null,
        'softwareVersion': '10.1',
        'localIdentifier': null,
        'udiDeviceIdentifier': null,
      };
      final saved = quantity(42, 8, 9);
      (saved['quantity'] as Map<String, Object?>)['device'] = device;
      expect(await invoke('save', saved), isTrue);
      // `Device(device:)` leaves the nil fields out.
      const readBack = <String, dynamic>{
        'name': 'Apple Watch',
        'manufacturer': 'Apple Inc.',
        'model': 'Watch',
        'hardwareVersion': 'Watch6,2',
        'softwareVersion': '10.1',
      };
      final list = await json('quantityQuery', {'identifier': steps, 'unit': 'count', ...wholeDay})
          as List<dynamic>;
      expect((list.single as Map)['device'], readBack);
      final samples = await invoke('sampleQuery', {'identifier': steps, ...wholeDay}) as List;
      expect((jsonDecode(samples.single as String) as Map)['device'], readBack);
    });

    test('statistics merge the app and another app; sources is a list', () async {
      await invoke('requestAuthorization', {'toRead': [steps], 'toWrite': [steps]});
      await invoke('save', quantity(300, 10, 11));
      await control.addSamples([
        {'type': 'steps', 'start': ms(9.5), 'end': ms(10.5), 'value': 600.0, 'unit': 'count'}
      ], sourceBundleId: 'com.apple.health.W', sourceName: 'Apple Watch');
      final statistics = await json(
          'statisticsQuery', {'identifier': steps, 'unit': 'count', ...wholeDay}) as Map;
      expect(statistics['sources'], isA<List>());
      expect((statistics['harmonized'] as Map)['summary'], 750);
      final sources =
          await json('sourceQuery', {'identifier': steps, ...wholeDay}) as List<dynamic>;
      expect(sources.map((s) => (s as Map)['bundleIdentifier']),
          ['com.apple.health.W', 'com.example.app']);
    });

    test('a denied read looks like no data', () async {
      await control.setPromptPolicy(read: HkPromptAnswer.deny);
      await invoke('requestAuthorization', {'toRead': [steps], 'toWrite': [steps]});
      await control.addSamples([
        {'type': 'steps', 'start': ms(1), 'end': ms(2), 'value': 600.0, 'unit': 'count'}
      ], sourceBundleId: 'com.other', sourceName: 'Other');
      expect(await json('quantityQuery', {'identifier': steps, 'unit': 'count', ...wholeDay}),
          isEmpty);
      await expectLater(
          invoke('statisticsQuery', {'identifier': steps, 'unit': 'count', ...wholeDay}),
          throwsA(isA<HkPlatformException>()
              .having((e) => e.code, 'code', 'StatisticsQuery')
              .having((e) => e.details, 'details', contains('Code=11'))));
    });

    test('category, characteristics and deleteObjects as the package reads them', () async {
      await invoke('requestAuthorization', {
        'toRead': [steps, sleep, 'HKCharacteristicTypeIdentifierBiologicalSex'],
        'toWrite': [steps, sleep]
      });
      expect(
          await invoke('save', {
            'category': {
              'uuid': 'x',
              'identifier': sleep,
              'startTimestamp': ms(1),
              'endTimestamp': ms(7),
              'device': null,
              'sourceRevision': revision,
              'harmonized': {'value': 0, 'description': 'd', 'detail': 'd', 'metadata': null},
            }
          }),
          isTrue);
      final category =
          (await json('categoryQuery', {'identifier': sleep, ...wholeDay}) as List).single as Map;
      final harmonized = category['harmonized'] as Map;
      expect([harmonized['value'], harmonized['description'], harmonized['detail']],
          [0, 'HKCategoryValueSleepAnalysis', 'In Bed']);
      expect(await json('characteristicsQuery', null), {'biologicalSex': 'na'});
      await invoke('save', quantity(5, 1, 2));
      final deleted = await invoke('deleteObjects', {'identifier': steps, ...wholeDay}) as Map;
      expect(deleted['status'], isTrue);
      expect(deleted['count'], 1);
    });

    test('the host answers an unknown method with an error envelope', () async {
      await expectLater(
          invoke('noSuchMethod'),
          throwsA(isA<HkPlatformException>()
              .having((e) => e.message, 'message', 'Please check the method')));
    });
  }, skip: skip);

  group('health_kit_reporter event channels against hkbridge serve', () {
    const observer = 'health_kit_reporter_event_channel_observer_query';
    const anchored = 'health_kit_reporter_event_channel_anchored_object_query';
    late HkBridge bridge;
    late HkControl control;
    Future<Object?> invoke(String method, [Object? arguments]) =>
        bridge.invokeMethod(channel, method, arguments);
    // Events follow the reply that caused them; one more round trip and a microtask later
    // (a broadcast stream delivers asynchronously) they have arrived.
    Future<void> settle() async {
      await invoke('isAvailable');
      await Future<void>.delayed(Duration.zero);
    }

    setUpAll(() async {
      bridge = await HkBridge.start(
          executable: binary, profiles: ['health_kit_reporter'], onStderr: (_) {});
      control = HkControl(bridge.send);
    });
    tearDownAll(() async {
      expect(await bridge.close(), 0);
    });

    test('a sync loop: the observer fires, the anchored query brings samples and deletions',
        () async {
      await control.reset();
      await invoke('requestAuthorization', {'toRead': [steps], 'toWrite': [steps]});
      final predicate = {'startTimestamp': ms(0), 'endTimestamp': ms(24)};
      // As HealthKitReporter.observerQuery / anchoredObjectQuery listen to their channels.
      final fired = <Object?>[];
      final batches = <Map>[];
      final observing =
          bridge.eventStream(observer, {'identifiers': [steps]}).listen(fired.add);
      final anchoring = bridge
          .eventStream(anchored, {'identifiers': [steps], ...predicate})
          .listen((event) => batches.add(event as Map));
      await settle();
      expect(fired, [
        {'identifier': steps}
      ]);
      expect(batches, [
        {'samples': [], 'deletedObjects': []}
      ]);
      final uuids = await control.addSamples([
        {'type': 'steps', 'start': ms(1), 'end': ms(2), 'value': 600.0, 'unit': 'count'}
      ], sourceBundleId: 'com.other.app', sourceName: 'Other');
      await settle();
      expect(fired, hasLength(2), reason: "another app's save fires the observer");
      final sample = jsonDecode((batches.last['samples'] as List).single as String) as Map;
      expect(sample['uuid'], uuids.single.toUpperCase());
      expect(sample['startTimestamp'], ms(1) / 1000);
      await invoke('save', {
        'quantity': {
          'uuid': 'x',
          'identifier': steps,
          'startTimestamp': ms(3),
          'endTimestamp': ms(4),
          'device': null,
          'sourceRevision': revision,
          'harmonized': {'value': 5, 'unit': 'count', 'metadata': null},
        }
      });
      await settle();
      expect(fired, hasLength(3));
      expect(batches.last['samples'], hasLength(1));
      await invoke('deleteObjects', {'identifier': steps, ...predicate});
      await settle();
      expect(fired, hasLength(4), reason: 'a delete fires the observer too');
      expect(batches.last['samples'], isEmpty);
      expect(batches.last['deletedObjects'], hasLength(1));
      await observing.cancel();
      await anchoring.cancel();
      await control.addSamples([
        {'type': 'steps', 'start': ms(5), 'end': ms(6), 'value': 1.0, 'unit': 'count'}
      ], sourceBundleId: 'com.other.app', sourceName: 'Other');
      await settle();
      expect(fired, hasLength(4), reason: 'no events after cancel');
      expect(batches, hasLength(4));
    });
  }, skip: skip);
}
