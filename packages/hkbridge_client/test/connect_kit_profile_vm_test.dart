// Profile `connect_kit` on the bare Dart VM: a minimal copy of ConnectKit's Pigeon call pattern
// (one BasicMessageChannel per method, `dev.flutter.pigeon.connect_kit.ConnectKitHostApi.<method>`,
// requests as argument lists, replies as `[result]` or `[code, message, details]`, a codec that
// writes every int as an int64 and knows AccessStatusMessage (129) and WriteResultMessage (130)),
// sent through this package's own client to `hkbridge serve --profile connect_kit`. The same
// calls as connect_kit_profile_test.dart, which needs the Flutter SDK; this file needs only
// `dart:` and package:test, so tool/test runs it.
//
//   HKBRIDGE=../../.build/debug/hkbridge tool/test test/connect_kit_profile_vm_test.dart

import 'dart:typed_data';

import 'package:hkbridge_client/hkbridge_client.dart';
import 'package:hkbridge_client/src/invoke.dart' show bytesOf, byteDataOf;
import 'package:test/test.dart';

import 'binary.dart';
import 'exactly.dart';
import 'hex.dart';

const prefix = 'dev.flutter.pigeon.connect_kit.ConnectKitHostApi.';
const methods = [
  'getPlatformVersion',
  'isSdkAvailable',
  'requestPermissions',
  'checkPermissions',
  'revokePermissions',
  'openHealthSettings',
  'writeRecords',
];
const stackNote = 'Stacktrace: [] (hkbridge emulates no native call stack)';

/// `AccessStatusMessage` (tag 129): its fields in declaration order, as Pigeon generates it.
class AccessStatusMessage {
  AccessStatusMessage({this.dataAccess, this.historyAccess, this.backgroundAccess});
  final Map<String, Object>? dataAccess;
  final String? historyAccess;
  final String? backgroundAccess;

  List<Object?> encode() => [dataAccess, historyAccess, backgroundAccess];

  static AccessStatusMessage decode(Object result) {
    final fields = result as List<Object?>;
    return AccessStatusMessage(
      dataAccess: (fields[0] as Map<Object?, Object?>?)?.cast<String, Object>(),
      historyAccess: fields[1] as String?,
      backgroundAccess: fields[2] as String?,
    );
  }
}

/// `WriteResultMessage` (tag 130).
class WriteResultMessage {
  WriteResultMessage({required this.outcome, this.persistedRecordIds, this.validationFailures});
  final String outcome;
  final List<String>? persistedRecordIds;
  final List<Object?>? validationFailures;

  List<Object?> encode() => [outcome, persistedRecordIds, validationFailures];

  static WriteResultMessage decode(Object result) {
    final fields = result as List<Object?>;
    return WriteResultMessage(
      outcome: fields[0]! as String,
      persistedRecordIds: (fields[1] as List<Object?>?)?.cast<String>(),
      validationFailures: fields[2] as List<Object?>?,
    );
  }
}

/// The generated `_PigeonCodec` on this package's codec: every int written as an int64 (tag 4),
/// a class as its tag followed by its field list. Reading, tags 129 and 130 become the classes
/// (the base codec hands them over as [HkExt]); any other extension tag is corrupt, as for
/// StandardMessageCodec. With [preserveWidths] small int64s read as [HkInt64] (the wire view).
class ConnectKitCodec extends HkMessageCodec {
  const ConnectKitCodec({bool preserveWidths = false})
      : super(allowsExtensions: true, preserveWidths: preserveWidths);

  @override
  void writeValue(HkByteWriter w, Object? value) {
    if (value is int) {
      w.uint8(4);
      w.int64(value);
    } else if (value is AccessStatusMessage) {
      w.uint8(129);
      writeValue(w, value.encode());
    } else if (value is WriteResultMessage) {
      w.uint8(130);
      writeValue(w, value.encode());
    } else {
      super.writeValue(w, value);
    }
  }

  @override
  Object? readValue(HkByteReader r, [int depth = 0]) {
    final value = super.readValue(r, depth);
    if (value is! HkExt) return value;
    switch (value.tag) {
      case 129:
        return AccessStatusMessage.decode(value.value!);
      case 130:
        return WriteResultMessage.decode(value.value!);
      default:
        throw FormatException('Message corrupted: no Pigeon class has tag ${value.tag}');
    }
  }
}

/// ConnectKit's host API as its generated Dart code calls it (a BasicMessageChannel send:
/// a null message is no payload; the reply list read as the generated code reads it).
class ConnectKitHostApi {
  ConnectKitHostApi(this.bridge, {this.codec = const ConnectKitCodec()});
  final HkBridge bridge;
  final ConnectKitCodec codec;

  /// The decoded reply list (null for no reply), untouched.
  Future<List<Object?>?> sendRaw(String method, Object? message) async {
    final reply = await bridge.send(
        '$prefix$method', message == null ? null : ByteData.sublistView(codec.encode(message)));
    return reply == null ? null : codec.decode(bytesOf(reply)) as List<Object?>?;
  }

  Future<Object> _call(String method, List<Object?>? arguments) async {
    final reply = await sendRaw(method, arguments);
    if (reply == null) {
      throw HkPlatformException('channel-error',
          'Unable to establish connection on channel: "$prefix$method".', null);
    } else if (reply.length > 1) {
      throw HkPlatformException(reply[0]! as String, reply[1] as String?, reply[2]);
    } else if (reply[0] == null) {
      throw const HkPlatformException(
          'null-error', 'Host platform returned null value for non-null return value.', null);
    }
    return reply[0]!;
  }

  Future<String> getPlatformVersion() async => await _call('getPlatformVersion', null) as String;
  Future<String> isSdkAvailable() async => await _call('isSdkAvailable', null) as String;
  Future<bool> requestPermissions(List<String>? readTypes, List<String>? writeTypes,
          [bool? forHistory, bool? forBackground]) async =>
      await _call('requestPermissions', [readTypes, writeTypes, forHistory, forBackground])
          as bool;
  Future<AccessStatusMessage> checkPermissions(Map<String, List<String>>? forData,
          [bool? forHistory, bool? forBackground]) async =>
      await _call('checkPermissions', [forData, forHistory, forBackground])
          as AccessStatusMessage;
  Future<bool> revokePermissions() async => await _call('revokePermissions', null) as bool;
  Future<bool> openHealthSettings() async => await _call('openHealthSettings', null) as bool;
  Future<WriteResultMessage> writeRecords(List<Map<String, Object?>> records) async =>
      await _call('writeRecords', [records]) as WriteResultMessage;
}

/// A `recordKind: "data"` record with a quantity value, as ConnectKit's Dart encodes one.
Map<String, Object?> quantity(String type, DateTime start, DateTime end, Object? value,
        String? unit, {String? recordingMethod}) =>
    {
      'recordKind': 'data',
      'type': type,
      'startTime': start.millisecondsSinceEpoch,
      'endTime': end.millisecondsSinceEpoch,
      'data': {'valuePattern': 'quantity', 'value': value, 'unit': unit},
      if (recordingMethod != null) 'source': {'recordingMethod': recordingMethod},
    };

Matcher pigeonError(Object? code, {Object? message = anything, Object? details = anything}) =>
    isA<HkPlatformException>()
        .having((e) => e.code, 'code', code)
        .having((e) => e.message, 'message', message)
        .having((e) => e.details, 'details', details);

String uuid(int n) => '00000000-0000-4000-8000-${n.toString().padLeft(12, '0')}';

void main() {
  test('the codec writes ints as int64 and the classes as tag + field list, as Pigeon does', () {
    const codec = ConnectKitCodec();
    expect(codec.encode([1, null]), hex('0c 02 04 0100000000000000 00'));
    expect(codec.encode([AccessStatusMessage(dataAccess: {})]), hex('0c 01 81 0c 03 0d 00 00 00'));
    expect(codec.encode([WriteResultMessage(outcome: 'failure', persistedRecordIds: [])]),
        hex('0c 01 82 0c 03 07 07 6661696c757265 0c 00 00'));
    final status = (codec.decode(hex('0c 01 81 0c 03 0d 00 00 00')) as List).single
        as AccessStatusMessage;
    expect(status.dataAccess, isEmpty);
    expect(status.historyAccess, isNull);
    expect(status.backgroundAccess, isNull);
    expect(() => codec.decode(hex('0c 01 83 00')), throwsFormatException);
  });

  final binary = hkbridgeBinary();
  final skip = binary == null ? 'no hkbridge binary (set HKBRIDGE)' : null;
  final day = DateTime.utc(2024, 1, 1);
  DateTime at(double hours) => day.add(Duration(minutes: (hours * 60).round()));

  group('profile connect_kit against hkbridge serve', () {
    late HkBridge bridge;
    late HkControl control;
    late ConnectKitHostApi kit;
    late ConnectKitHostApi wire;

    setUpAll(() async {
      bridge = await HkBridge.start(
          executable: binary, args: ['--profile', 'connect_kit'], onStderr: (_) {});
      control = HkControl(bridge.send);
      kit = ConnectKitHostApi(bridge);
      wire = ConnectKitHostApi(bridge, codec: const ConnectKitCodec(preserveWidths: true));
    });
    setUp(() async {
      await control.reset();
    });
    tearDownAll(() async {
      expect(await bridge.close(), 0);
    });

    test('HELLO lists the profile and one channel per host API method', () {
      expect(bridge.profiles, ['connect_kit']);
      expect(bridge.channels, [for (final m in methods) '$prefix$m', 'hkbridge/control']);
    });

    test('availability, platform version, revoke and settings on an iPhone', () async {
      expectExactly(await kit.isSdkAvailable(), 'available');
      expectExactly(await kit.getPlatformVersion(), 'iOS 17.5 (iOS)');
      expectExactly(await kit.revokePermissions(), false);
      expectExactly(await kit.openHealthSettings(), true);
      expectExactly(await kit.sendRaw('isSdkAvailable', null), ['available'], 'reply list');
      expect((await control.snapshot())['settingsOpened'], 1);
    });

    test('iPadOS 16.4 has no HealthKit; 17.0 brings it; a restricted iPhone has none', () async {
      await control.configure(device: HkDevice.iPad, osVersion: '16.4');
      expectExactly(await kit.getPlatformVersion(), 'iOS 16.4 (iPadOS)');
      expectExactly(await kit.isSdkAvailable(), 'unavailable');
      await control.configure(osVersion: '17.0');
      expectExactly(await kit.getPlatformVersion(), 'iOS 17.0 (iPadOS)');
      expectExactly(await kit.isSdkAvailable(), 'available');
      await control.configure(device: HkDevice.iPhone, osVersion: '17.5', restricted: true);
      expectExactly(await kit.isSdkAvailable(), 'unavailable');
    });

    test('a HealthKit failure reaches Dart as the NSError text, message "NSError"', () async {
      await control.configure(device: HkDevice.iPad, osVersion: '16.4');
      await expectLater(
          kit.requestPermissions(['steps'], ['steps']),
          throwsA(pigeonError(
              allOf(startsWith('Error Domain=com.apple.healthkit Code=1 "'),
                  contains('UserInfo={NSLocalizedDescription=')),
              message: 'NSError',
              details: stackNote)));
      // checkPermissions never fails: nothing was ever decided.
      expectExactly((await kit.checkPermissions({'steps': ['read', 'write']})).dataAccess,
          {'steps': {'read': 'notDetermined', 'write': 'notDetermined'}});
      await control.configure(device: HkDevice.iPhone, osVersion: '17.5', restricted: true);
      await expectLater(kit.requestPermissions(null, ['steps']),
          throwsA(pigeonError(startsWith('Error Domain=com.apple.healthkit Code=2 "'),
              message: 'NSError', details: stackNote)));
      // Every type filtered out: true without asking HealthKit, even here.
      expectExactly(await kit.requestPermissions(['notAType'], null), true);
    });

    test('read permission stays hidden; write permission shows', () async {
      final before = await kit.checkPermissions({
        'steps': ['read', 'write'],
        'biologicalSex': ['read', 'write'],
        'walkingHeartRateAverage': ['write'],
        'noSuchType': ['read'],
      });
      expectExactly(before.dataAccess, {
        'steps': {'read': 'notDetermined', 'write': 'notDetermined'},
        'biologicalSex': {'read': 'notDetermined', 'write': 'unsupported'},
        'walkingHeartRateAverage': {'write': 'unsupported'},
        'noSuchType': {'read': 'unsupported'},
      });

      expectExactly(await kit.requestPermissions(['heartRate', 'biologicalSex'], ['steps']), true);
      final status = await kit.checkPermissions({
        'steps': ['read', 'write'],
        'heartRate': ['read'],
        'biologicalSex': ['read', 'write'],
      });
      expectExactly(status.dataAccess, {
        'steps': {'read': 'granted', 'write': 'granted'},
        'heartRate': {'read': 'notDetermined'},
        'biologicalSex': {'read': 'denied', 'write': 'unsupported'},
      });
      expect(status.historyAccess, isNull);
      expect(status.backgroundAccess, isNull);
      // The emulator keeps the request's order (the real host's dictionary order varies).
      expect(status.dataAccess!.keys.toList(), ['steps', 'heartRate', 'biologicalSex']);
      expect((await control.snapshot())['promptsShown'], 1);
    });

    test('a denied prompt still answers true; denied sharing reads denied for both', () async {
      await control.setPromptPolicy(read: HkPromptAnswer.deny, write: HkPromptAnswer.deny);
      expectExactly(await kit.requestPermissions(['oxygenSaturation'], ['weight'], false, false),
          true);
      expectExactly((await kit.checkPermissions({'weight': ['read', 'write'],
        'oxygenSaturation': ['read']})).dataAccess, {
        'weight': {'read': 'denied', 'write': 'denied'},
        'oxygenSaturation': {'read': 'notDetermined'},
      });
      // Composites and a characteristic's write leave nothing to ask: true, no prompt.
      expectExactly(await kit.requestPermissions(['bloodPressure'], ['nutrition', 'biologicalSex']),
          true);
      expect((await control.snapshot())['promptsShown'], 1);
      for (final forData in [<String, List<String>>{}, null, {'steps': <String>[]}]) {
        final empty = await kit.checkPermissions(forData, true, true);
        expectExactly(empty.dataAccess, <String, Object>{}, 'dataAccess for $forData');
      }
    });

    test('writes: complete success, ids in record order, values stored as sent', () async {
      expectExactly(await kit.requestPermissions(null, ['steps', 'heartRate', 'weight']), true);
      final result = await kit.writeRecords([
        quantity('steps', at(-2), at(-1), 1200.0, 'count', recordingMethod: 'manualEntry'),
        quantity('heartRate', at(-2), at(-2), 72.0, 'bpm'),
        quantity('weight', at(-2), at(-2), 70.5, 'kg'),
      ]);
      expectExactly(result.outcome, 'completeSuccess');
      expectExactly(result.persistedRecordIds, [uuid(1), uuid(2), uuid(3)], 'ids');
      expectExactly(result.validationFailures, null, 'validationFailures');

      final samples = (await control.snapshot())['samples'] as List;
      expect(samples, hasLength(3));
      final steps = samples.first as Map;
      expectExactly(steps['uuid'], uuid(1), 'uuid');
      expectExactly(steps['type'], 'steps', 'type');
      expectExactly(steps['start'], at(-2).millisecondsSinceEpoch, 'start');
      expectExactly(steps['end'], at(-1).millisecondsSinceEpoch, 'end');
      expectExactly(steps['value'], 1200.0, 'value');
      // ConnectKit's metadata: HKWasUserEntered only when the record names a recording method.
      expectExactly(
          steps['metadata'],
          {
            'HKWasUserEntered': 1,
            'ck_recordingMethod': 'manualEntry',
            'ck_unit': 'count',
            'ck_valuePattern': 'quantity',
          },
          'steps metadata');
      expectExactly((samples[1] as Map)['metadata'],
          {'ck_unit': 'bpm', 'ck_valuePattern': 'quantity'}, 'heartRate metadata');
      expectExactly((samples[2] as Map)['value'], 70.5, 'weight value');
    });

    test('writes report partial success per record; indexPath elements are int64', () async {
      await kit.requestPermissions(null, ['steps', 'weight']);
      final records = [
        quantity('weight', at(-1), at(-1), 71.0, 'kg'),
        quantity('steps', day, day, 1.0, 'parsecs'),
        {'recordKind': 'workout', 'startTime': 0, 'endTime': 1},
        quantity('steps', at(-1), at(-2), 60.0, 'count'),
        {'type': 'steps'},
      ];
      final result = await kit.writeRecords(records);
      expectExactly(result.outcome, 'partialSuccess');
      expectExactly(result.persistedRecordIds, [uuid(1)], 'ids');
      expectExactly(result.validationFailures, [
        {
          'indexPath': [1],
          'message': "data | unit | Missing or invalid unit for quantity type 'steps'",
          'type': 'DecodeError',
        },
        {
          'indexPath': [2],
          'message': 'workout | activityType | Missing required field',
          'type': 'DecodeError',
        },
        {
          'indexPath': [3],
          'message': 'data |  | End time (2023-12-31 22:00:00 +0000) cannot be before start '
              'time (2023-12-31 23:00:00 +0000)',
          'type': 'DecodeError',
        },
        {
          'indexPath': [4],
          'message': "UnexpectedError |  | Missing required field 'recordKind'",
          'type': 'DecodeError',
        },
      ], 'validationFailures');

      // The same request seen on the wire: Swift's Int index paths are int64 (tag 4).
      await control.reset();
      await kit.requestPermissions(null, ['steps', 'weight']);
      final raw = await wire.sendRaw('writeRecords', [records]);
      final failures = (raw!.single as WriteResultMessage).validationFailures!;
      expectExactly((failures.first as Map)['indexPath'], [const HkInt64(1)], 'indexPath');
    });

    test('a batch HealthKit refuses saves nothing; no records is NoRecordError', () async {
      final refused = await kit.writeRecords([quantity('steps', at(-2), at(-1), 1200.0, 'count')]);
      expectExactly(refused.outcome, 'failure');
      expectExactly(refused.persistedRecordIds, null, 'ids');
      expectExactly(refused.validationFailures, [
        {
          'indexPath': [-1],
          // HealthKit's own text, which ConnectKit passes on (sharing never asked for).
          'message': 'HealthKit failed to save records: Authorization not determined',
          'type': 'HealthConnectInsert',
        }
      ]);
      await kit.requestPermissions(null, ['weight']);
      final partlyAllowed = await kit.writeRecords([
        quantity('weight', at(-2), at(-2), 70.0, 'kg'),
        quantity('oxygenSaturation', at(-2), at(-2), 0.97, '%'),
      ]);
      expectExactly(partlyAllowed.outcome, 'failure');
      expectExactly(partlyAllowed.persistedRecordIds, null, 'ids');
      expect((await control.snapshot())['samples'], isEmpty);

      final none = await kit.writeRecords([]);
      expectExactly(none.outcome, 'failure');
      expectExactly(none.persistedRecordIds, <String>[], 'ids: an empty list, not null');
      expectExactly(none.validationFailures, [
        {
          'indexPath': [-1],
          'message': 'No records to write - empty input',
          'type': 'NoRecordError',
        }
      ]);
    });

    test('a revoked share fails the next batch as a whole', () async {
      await kit.requestPermissions(null, ['mindfulSession']);
      final session = {
        'recordKind': 'data',
        'type': 'mindfulSession',
        'startTime': at(-2).millisecondsSinceEpoch,
        'endTime': at(-1.8).millisecondsSinceEpoch,
        'data': {
          'valuePattern': 'category',
          'value': 'unknown',
          'categoryName': 'CKMindfulnessSessionType',
        },
      };
      final ok = await kit.writeRecords([session]);
      expectExactly(ok.outcome, 'completeSuccess');
      expectExactly(ok.persistedRecordIds, [uuid(1)], 'ids');
      await control.setAuthorization('HKCategoryTypeIdentifierMindfulSession',
          share: HkShareStatus.sharingDenied);
      expectExactly((await kit.checkPermissions({'mindfulSession': ['write']})).dataAccess,
          {'mindfulSession': {'write': 'denied'}});
      final refused = await kit.writeRecords([session]);
      expectExactly(refused.outcome, 'failure');
      final failure = refused.validationFailures!.single as Map;
      expectExactly(failure['indexPath'], [-1], 'indexPath');
      expectExactly(failure['type'], 'HealthConnectInsert', 'type');
      expect(failure['message'], startsWith('HealthKit failed to save records: '));
      expect((await control.snapshot())['samples'], hasLength(1));
    });

    test('messages the generated host cannot read: error lists with iosBehavior', () async {
      await expectLater(
          kit._call('writeRecords', [null]),
          throwsA(pigeonError('INVALID_ARGUMENTS',
              message: 'writeRecords argument 0 (records) must be List<Map<String, Object?>>, '
                  'not null',
              details: {'iosBehavior': 'crash'})));
      await expectLater(
          kit._call('requestPermissions', [
            ['steps']
          ]),
          throwsA(pigeonError('INVALID_ARGUMENTS',
              message: startsWith('requestPermissions takes 4 arguments: '),
              details: {'iosBehavior': 'crash'})));
      await expectLater(
          kit._call('isSdkAvailable', [true]),
          throwsA(pigeonError('INVALID_ARGUMENTS',
              message: 'isSdkAvailable takes 0 arguments (an empty payload), not 1',
              details: {'iosBehavior': 'ignored'})));
      final reply = await bridge.send('${prefix}writeRecords', ByteData.sublistView(hex('01')));
      expectExactly(kit.codec.decode(bytesOf(reply!)), [
        'MALFORMED_MESSAGE',
        'writeRecords: a Pigeon request is a list of arguments [arg0, ...], not bool',
        {'iosBehavior': 'crash'},
      ]);
      // A channel the profile does not serve gets no reply: channel-error in Dart.
      expect(await bridge.send('${prefix}readRecords', null), isNull);
    });
  }, skip: skip);
}
