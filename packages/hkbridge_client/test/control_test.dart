// The control helpers against a fake sender: the exact call bytes they send, and how they read
// replies, error envelopes and null replies.

import 'dart:typed_data';

import 'package:test/test.dart';
import 'package:hkbridge_client/hkbridge_client.dart';
import 'package:hkbridge_client/src/invoke.dart' show bytesOf, byteDataOf;

import 'hex.dart';

/// Records what was sent and answers with [reply] (hex; null = null reply).
class FakeHost {
  FakeHost(this.reply);
  String? reply;
  final List<List<Object?>> sent = []; // [channel, bytes or null]

  Future<ByteData?> send(String channel, ByteData? message) async {
    sent.add([channel, message == null ? null : Uint8List.fromList(bytesOf(message))]);
    final r = reply;
    return r == null ? null : ByteData.sublistView(hex(r));
  }
}

void main() {
  test('reset sends "reset" with null arguments', () async {
    final host = FakeHost('0000');
    await HkControl(host.send).reset();
    expect(host.sent.single[0], 'hkbridge/control');
    expect(host.sent.single[1], hex('07 05 7265736574 00'));
  });

  test('configure sends only the arguments given, in order', () async {
    final host = FakeHost('0000');
    await HkControl(host.send).configure(device: HkDevice.iPad, osVersion: '16.4');
    expect(
        host.sent.single[1],
        hex('07 09 636f6e666967757265 0d 02 07 06 646576696365 07 04 69506164 '
            '07 09 6f7356657273696f6e 07 04 31362e34'));
  });

  test('setAuthorization spells the share status as HealthKit does', () async {
    final host = FakeHost('0000');
    await HkControl(host.send)
        .setAuthorization('HKQuantityTypeIdentifierStepCount', share: HkShareStatus.sharingDenied);
    expect(
        host.sent.single[1],
        hex('0710736574417574686f72697a6174696f6e0d02070a6964656e7469666965720721484b5175616e'
            '74697479547970654964656e74696669657253746570436f756e7407057368617265070d7368617269'
            '6e6744656e696564'));
  });

  test('setCharacteristic always sends value, null to clear it', () async {
    final host = FakeHost('0000');
    await HkControl(host.send).setCharacteristic('x', null);
    expect(
        host.sent.single[1],
        hex('071173657443686172616374657269737469630d02070a6964656e746966696572070178'
            '070576616c756500'));
  });

  test('advanceClock sends whole ms and returns the int64 "now"', () async {
    final host = FakeHost('00 0d 01 07 03 6e6f77 04 60de52c28c010000');
    final now = await HkControl(host.send).advanceClock(const Duration(minutes: 1));
    expect(host.sent.single[1], hex('07 0c 616476616e6365436c6f636b 0d 01 07 02 6d73 03 60ea0000'));
    expect(now, DateTime.utc(2024, 1, 1, 0, 1));
    expect(now.millisecondsSinceEpoch, 1704067260000);
  });

  test('configure(now:, appName:) sends the DateTime as whole ms and the app name', () async {
    final host = FakeHost('0000');
    await HkControl(host.send)
        .configure(appName: 'A', now: DateTime.fromMillisecondsSinceEpoch(1, isUtc: true));
    expect(host.sent.single[1],
        hex('07 09 636f6e666967757265 0d 02 07 07 6170704e616d65 07 01 41 07 03 6e6f77 03 01000000'));
  });

  test('addSamples returns the uuids', () async {
    final host = FakeHost('00 0d 01 07 05 7575696473 0c 01 07 02 7531');
    final uuids = await HkControl(host.send).addSamples([
      {'type': 'steps', 'start': 0, 'value': 1.0, 'unit': 'count'},
    ]);
    expect(uuids, ['u1']);
  });

  test('addElectrocardiograms sends its records and source and returns the uuids', () async {
    final host = FakeHost('00 0d 01 07 05 7575696473 0c 01 07 02 7531');
    final uuids = await HkControl(host.send)
        .addElectrocardiograms([{'start': 0}], sourceBundleId: 'w');
    expect(uuids, ['u1']);
    // {"records": [{"start": 0}], "source": {"bundleId": "w"}}
    expect(
        host.sent.single[1],
        hex('07 15 616464456c656374726f63617264696f6772616d73 0d 02 '
            '07 07 7265636f726473 0c 01 0d 01 07 05 7374617274 03 00000000 '
            '07 06 736f75726365 0d 01 07 08 62756e646c654964 07 01 77'));
  });

  test('addClinicalRecords returns the uuids; a reply without them is a FormatException',
      () async {
    final host = FakeHost('00 0d 01 07 05 7575696473 0c 02 07 01 61 07 01 62');
    expect(await HkControl(host.send).addClinicalRecords([{}]), ['a', 'b']);
    host.reply = '00 00';
    await expectLater(HkControl(host.send).addClinicalRecords([{}]),
        throwsA(isA<FormatException>().having((e) => e.message, 'message',
            startsWith('addClinicalRecords answered null'))));
  });

  test('addActivitySummaries sends the summaries under "summaries"', () async {
    final host = FakeHost('00 00');
    await HkControl(host.send).addActivitySummaries([
      {'year': 2024}
    ]);
    // {"summaries": [{"year": 2024}]}
    expect(
        host.sent.single[1],
        hex('07 14 616464416374697669747953756d6d6172696573 0d 01 '
            '07 09 73756d6d6172696573 0c 01 0d 01 07 04 79656172 03 e8070000'));
  });

  test('a reply of the wrong shape is a FormatException', () async {
    final host = FakeHost('0000');
    await expectLater(HkControl(host.send).advanceClock(const Duration(seconds: 1)),
        throwsA(isA<FormatException>()));
  });

  test('an error envelope is an HkPlatformException with code, message and details', () async {
    final host = FakeHost('01 07 01 45 07 01 6d 0d 01 07 01 6b 03 05000000');
    await expectLater(
        HkControl(host.send).injectFault('readRecords', 'READ_ERROR'),
        throwsA(isA<HkPlatformException>()
            .having((e) => e.code, 'code', 'E')
            .having((e) => e.message, 'message', 'm')
            .having((e) => e.details, 'details', {'k': 5})));
  });

  test('a null reply is HkNotImplementedException', () async {
    final host = FakeHost(null);
    await expectLater(HkControl(host.send).snapshot(),
        throwsA(isA<HkNotImplementedException>().having((e) => e.method, 'method', 'snapshot')));
  });

  group('HkBridgeHello.decode', () {
    const hello = '0d04070870726f746f636f6c03010000000708656d756c61746f720705302e312e30070863'
        '68616e6e656c730c0207156865616c74686b69745f7065726d697373696f6e730710686b627269646765'
        '2f636f6e74726f6c07066465766963650d0107056d6f64656c07066950686f6e65';

    test('reads protocol, emulator, channels and device', () {
      final h = HkBridgeHello.decode(hex(hello));
      expect(h.protocol, 1);
      expect(h.emulator, '0.1.0');
      expect(h.channels, ['healthkit_permissions', 'hkbridge/control']);
      expect(h.device, {'model': 'iPhone'});
    });

    test('refuses another protocol version, a null payload and a missing field', () {
      final v2 = const HkMessageCodec()
          .encode({'protocol': 2, 'emulator': 'x', 'channels': <Object?>[], 'device': {}});
      expect(() => HkBridgeHello.decode(v2),
          throwsA(isA<HkBridgeException>().having((e) => e.message, 'message', contains('2'))));
      expect(() => HkBridgeHello.decode(null), throwsA(isA<HkBridgeException>()));
      final noDevice = const HkMessageCodec()
          .encode({'protocol': 1, 'emulator': 'x', 'channels': <Object?>[]});
      expect(
          () => HkBridgeHello.decode(noDevice),
          throwsA(
              isA<HkBridgeException>().having((e) => e.message, 'message', contains('device'))));
    });
  });

  // The verification, stub and latency helpers: the bytes they send (written from the control
  // channel's description; the emulator side comes with its own goldens).
  group('calls, clearCalls, stub, setLatency', () {
    test('calls reads {calls: [{method, args, code}]}', () async {
      final host = FakeHost(hexOf(const HkMethodCodec().encodeSuccessEnvelopeBytes({
        'calls': [
          {'method': 'isAvailable', 'args': null, 'code': null},
          {'method': 'readCharacteristic', 'args': {'identifier': 'x'}, 'code': 'E'},
        ]
      })));
      final calls = await HkControl(host.send).calls();
      expect(host.sent.single[1], const HkMethodCodec().encodeMethodCallBytes('calls'));
      expect(calls, [
        const HkCall('isAvailable', null, null),
        const HkCall('readCharacteristic', {'identifier': 'x'}, 'E'),
      ]);
      expect(calls.first.succeeded, isTrue);
      expect(calls.last.method, 'readCharacteristic');
      expect(calls.last.args, {'identifier': 'x'});
      expect(calls.last.code, 'E');
    });

    test('calls also takes a bare list, and refuses anything else', () async {
      final host = FakeHost(hexOf(const HkMethodCodec().encodeSuccessEnvelopeBytes([
        {'method': 'm', 'args': null, 'code': null}
      ])));
      expect(await HkControl(host.send).calls(), hasLength(1));
      host.reply = '00 01';
      await expectLater(HkControl(host.send).calls(), throwsA(isA<FormatException>()));
      host.reply = hexOf(const HkMethodCodec().encodeSuccessEnvelopeBytes([
        {'method': 1, 'args': null, 'code': null}
      ]));
      await expectLater(HkControl(host.send).calls(), throwsA(isA<FormatException>()));
    });

    test('stub sends method, args, reply and count; error replies carry all three fields',
        () async {
      final host = FakeHost('0000');
      await HkControl(host.send).stub(
          method: 'readRecords',
          args: {'type': 'steps'},
          reply: const HkStubReply.error('READ_ERROR', message: 'm', details: {'k': 1}),
          count: 2);
      expect(
          host.sent.single[1],
          const HkMethodCodec().encodeMethodCallBytes('stub', {
            'method': 'readRecords',
            'args': {'type': 'steps'},
            'reply': {
              'error': {'code': 'READ_ERROR', 'message': 'm', 'details': {'k': 1}}
            },
            'count': 2,
          }));
      await HkControl(host.send).stub(method: 'isAvailable', reply: const HkStubReply.ok(false));
      expect(
          host.sent.last[1],
          const HkMethodCodec().encodeMethodCallBytes('stub', {
            'method': 'isAvailable',
            'reply': {'ok': false},
          }));
    });

    test('setLatency and clearCalls', () async {
      final host = FakeHost('0000');
      await HkControl(host.send)
          .setLatency(const Duration(milliseconds: 250), method: 'isAvailable');
      await HkControl(host.send).setLatency(Duration.zero);
      await HkControl(host.send).clearCalls();
      expect(host.sent.map((s) => s[1]), [
        const HkMethodCodec().encodeMethodCallBytes('setLatency', {'method': 'isAvailable', 'ms': 250}),
        const HkMethodCodec().encodeMethodCallBytes('setLatency', {'ms': 0}),
        const HkMethodCodec().encodeMethodCallBytes('clearCalls'),
      ]);
    });
  });
}
