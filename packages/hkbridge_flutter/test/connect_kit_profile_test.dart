// Profile `connect_kit`: a minimal copy of ConnectKit's Pigeon call pattern (one
// BasicMessageChannel per method, a codec with its two custom classes, reply lists read as the
// generated code reads them), written for this test, against `hkbridge serve --profile
// connect_kit`. Run with HKBRIDGE naming the hkbridge binary:
//   HKBRIDGE=/path/to/hkbridge flutter test test/connect_kit_profile_test.dart

import 'dart:io';

import 'package:flutter/services.dart';
import 'package:flutter_test/flutter_test.dart';
import 'package:hkbridge_flutter/hkbridge_flutter.dart';

/// `AccessStatusMessage` (tag 129): its three fields in declaration order.
class AccessStatus {
  AccessStatus(this.dataAccess, this.historyAccess, this.backgroundAccess);
  final Map<Object?, Object?>? dataAccess;
  final String? historyAccess;
  final String? backgroundAccess;
}

/// `WriteResultMessage` (tag 130).
class WriteResult {
  WriteResult(this.outcome, this.persistedRecordIds, this.validationFailures);
  final String outcome;
  final List<Object?>? persistedRecordIds;
  final List<Object?>? validationFailures;
}

/// The codec a Pigeon 26 file with these two classes uses: ints as int64, classes as their tag
/// followed by their field list.
class ConnectKitCodec extends StandardMessageCodec {
  const ConnectKitCodec();

  @override
  void writeValue(WriteBuffer buffer, Object? value) {
    if (value is int) {
      buffer.putUint8(4);
      buffer.putInt64(value);
    } else {
      super.writeValue(buffer, value);
    }
  }

  @override
  Object? readValueOfType(int type, ReadBuffer buffer) {
    switch (type) {
      case 129:
        final fields = readValue(buffer)! as List<Object?>;
        return AccessStatus(
            fields[0] as Map<Object?, Object?>?, fields[1] as String?, fields[2] as String?);
      case 130:
        final fields = readValue(buffer)! as List<Object?>;
        return WriteResult(
            fields[0]! as String, fields[1] as List<Object?>?, fields[2] as List<Object?>?);
      default:
        return super.readValueOfType(type, buffer);
    }
  }
}

/// ConnectKit's host API as its Dart side calls it.
class ConnectKitCalls {
  static const _codec = ConnectKitCodec();

  Future<Object?> _send(String method, List<Object?>? arguments) async {
    final name = 'dev.flutter.pigeon.connect_kit.ConnectKitHostApi.$method';
    final reply =
        await BasicMessageChannel<Object?>(name, _codec).send(arguments) as List<Object?>?;
    if (reply == null) {
      throw PlatformException(code: 'channel-error', message: 'no handler on $name');
    }
    if (reply.length > 1) {
      throw PlatformException(
          code: reply[0]! as String, message: reply[1] as String?, details: reply[2]);
    }
    return reply.isEmpty ? null : reply[0];
  }

  Future<String> getPlatformVersion() async => await _send('getPlatformVersion', null) as String;
  Future<String> isSdkAvailable() async => await _send('isSdkAvailable', null) as String;
  Future<bool> requestPermissions(List<String>? read, List<String>? write) async =>
      await _send('requestPermissions', [read, write, null, null]) as bool;
  Future<AccessStatus> checkPermissions(Map<String, List<String>>? forData) async =>
      await _send('checkPermissions', [forData, null, null]) as AccessStatus;
  Future<bool> revokePermissions() async => await _send('revokePermissions', null) as bool;
  Future<WriteResult> writeRecords(List<Map<String, Object?>> records) async =>
      await _send('writeRecords', [records]) as WriteResult;
}

Map<String, Object?> quantity(String type, DateTime start, DateTime end, double value, String unit) =>
    {
      'recordKind': 'data',
      'type': type,
      'startTime': start.millisecondsSinceEpoch,
      'endTime': end.millisecondsSinceEpoch,
      'data': {'valuePattern': 'quantity', 'value': value, 'unit': unit},
    };

void main() {
  TestWidgetsFlutterBinding.ensureInitialized();
  final executable = Platform.environment['HKBRIDGE'];
  final kit = ConnectKitCalls();
  final day = DateTime.utc(2024, 1, 1);

  group('profile connect_kit against hkbridge', () {
    late HkBridgeMock hk;

    setUpAll(() async {
      hk = await HkBridgeMock.start(executable: executable, args: ['--profile', 'connect_kit']);
    });
    setUp(() async {
      hk.attach();
      await hk.control.reset();
    });
    tearDownAll(() async {
      expect(await hk.close(), 0);
    });

    test('availability and platform version', () async {
      expect(hk.bridge.profiles, ['connect_kit']);
      expect(await kit.isSdkAvailable(), 'available');
      expect(await kit.getPlatformVersion(), 'iOS 17.5 (iOS)');
      expect(await kit.revokePermissions(), isFalse);
    });

    test('read permission stays hidden; write permission shows', () async {
      expect(await kit.requestPermissions(['heartRate'], ['steps']), isTrue);
      final status = await kit.checkPermissions({
        'steps': ['read', 'write'],
        'heartRate': ['read'],
        'biologicalSex': ['write'],
      });
      expect(status.dataAccess, {
        'steps': {'read': 'granted', 'write': 'granted'},
        'heartRate': {'read': 'notDetermined'},
        'biologicalSex': {'write': 'unsupported'},
      });
      expect(status.historyAccess, isNull);
    });

    test('writes report partial success per record', () async {
      await kit.requestPermissions(null, ['steps']);
      final result = await kit.writeRecords([
        quantity('steps', day, day.add(const Duration(hours: 1)), 1200, 'count'),
        quantity('steps', day, day, 1, 'parsecs'),
      ]);
      expect(result.outcome, 'partialSuccess');
      expect(result.persistedRecordIds, hasLength(1));
      final failure = result.validationFailures!.single as Map;
      expect(failure['indexPath'], [1]);
      expect(failure['type'], 'DecodeError');
    });

    test('a HealthKit failure reaches Dart as the NSError text', () async {
      await hk.control.configure(device: HkDevice.iPad, osVersion: '16.4');
      expect(await kit.isSdkAvailable(), 'unavailable');
      await expectLater(
          kit.requestPermissions(['steps'], null),
          throwsA(isA<PlatformException>()
              .having((e) => e.message, 'message', 'NSError')
              .having((e) => e.code, 'code', startsWith('Error Domain=com.apple.healthkit Code=1'))));
    });
  });
}
