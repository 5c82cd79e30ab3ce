// Transcript lines (../../protocol/transcripts.md) from exact bytes, and their order.

import 'dart:typed_data';

import 'package:test/test.dart';
import 'package:hkbridge_client/hkbridge_client.dart';

import 'hex.dart';

const plugin = 'healthkit_permissions';
const isAvailableCall = '070b6973417661696c61626c6500';
const readBloodTypeCall = '07127265616443686172616374657269737469630d01070a6964656e74696669'
    '65720727484b4368617261637465726973746963547970654964656e746966696572426c6f6f6454797065';
const notDeterminedReply = '01071c415554484f52495a4154494f4e5f4e4f545f44455445524d494e454407'
    '016d0d01070b686b4572726f72436f64650305000000';

void main() {
  group('transcriptLine', () {
    test('a successful call', () {
      expect(
          transcriptLine(plugin, hex(isAvailableCall), hex('0001'), isMethodCall: true),
          '{"channel": "healthkit_permissions", '
          '"call": {"method": "isAvailable", "args": null}, "reply": {"ok": true}, '
          '"callHex": "$isAvailableCall", "replyHex": "0001"}');
    });

    test('an error reply keeps code, message and details', () {
      expect(
          transcriptLine(plugin, hex(readBloodTypeCall), hex(notDeterminedReply),
              isMethodCall: true),
          '{"channel": "healthkit_permissions", "call": {"method": "readCharacteristic", '
          '"args": {"identifier": "HKCharacteristicTypeIdentifierBloodType"}}, '
          '"reply": {"error": {"code": "AUTHORIZATION_NOT_DETERMINED", "message": "m", '
          '"details": {"hkErrorCode": 5}}}, '
          '"callHex": "$readBloodTypeCall", "replyHex": "$notDeterminedReply"}');
    });

    test('a stacktrace is kept when one was sent', () {
      expect(
          transcriptLine(plugin, hex(isAvailableCall), hex('01 07 01 45 00 00 07 02 7374'),
              isMethodCall: true),
          contains('"reply": {"error": {"code": "E", "message": null, "details": null, '
              '"stacktrace": "st"}}'));
    });

    // As `hkbridge serve --record` writes them (golden/not-implemented.jsonl): a null reply is
    // "replyHex": null.
    test('a null reply to a call is notImplemented, with "replyHex": null', () {
      expect(
          transcriptLine(plugin, hex('070c6e6f537563684d6574686f6400'), null,
              isMethodCall: true),
          '{"channel": "healthkit_permissions", '
          '"call": {"method": "noSuchMethod", "args": null}, '
          '"reply": {"notImplemented": true}, "callHex": "070c6e6f537563684d6574686f6400", '
          '"replyHex": null}');
    });

    test('a plain message with a null reply', () {
      expect(
          transcriptLine('some.basic.channel', hex('0d010703616e79070576616c7565'), null,
              isMethodCall: false),
          '{"channel": "some.basic.channel", "message": {"any": "value"}, '
          '"reply": {"message": null}, "messageHex": "0d010703616e79070576616c7565", '
          '"replyHex": null}');
    });

    test('a small int64 in a reply stays an int64', () {
      expect(
          transcriptLine(plugin, hex(isAvailableCall), hex('00 04 0500000000000000'),
              isMethodCall: true),
          contains(r'"reply": {"ok": {"$int64": 5}}'));
    });

    // As golden/malformed.jsonl: the bytes stay in callHex, the call is null.
    test('request bytes that are no method call are "call": null with their callHex', () {
      expect(transcriptLine(plugin, hex('03 01000000 00'), hex('0001'), isMethodCall: true),
          '{"channel": "healthkit_permissions", "call": null, "reply": {"ok": true}, '
          '"callHex": "030100000000", "replyHex": "0001"}');
    });

    test('a null request is "call": null and "callHex": null', () {
      expect(transcriptLine(plugin, null, null, isMethodCall: true),
          '{"channel": "healthkit_permissions", "call": null, '
          '"reply": {"notImplemented": true}, "callHex": null, "replyHex": null}');
    });

    test('reply bytes that are no envelope are undecodable, named as hkbridge names them', () {
      expect(
          transcriptLine(plugin, hex(isAvailableCall), hex('02'), isMethodCall: true),
          contains('"reply": {"undecodable": "not a reply envelope: invalidEnvelopeFlag at '
              'offset 0: expected envelope flag 0 or 1, not 2"}, '));
    });

    test('a method call on a message channel is recorded as the call', () {
      expect(transcriptLine('pigeon', hex(isAvailableCall), hex('0001'), isMethodCall: false),
          startsWith('{"channel": "pigeon", "call": {"method": "isAvailable", "args": null}, '
              '"reply": {"ok": true}, "callHex": '));
    });
  });

  test('the recorder writes lines in request order', () {
    final lines = <String>[];
    final recorder = TranscriptRecorder(lines.add);
    final first = recorder.begin(plugin, hex(isAvailableCall), isMethodCall: true);
    final second = recorder.begin(plugin, hex(readBloodTypeCall), isMethodCall: true);
    final third = recorder.begin(plugin, hex(isAvailableCall), isMethodCall: true);
    recorder.complete(second, hex(notDeterminedReply));
    expect(lines, isEmpty);
    recorder.complete(first, hex('0001'));
    expect(lines, hasLength(2));
    expect(lines[0], contains('"method": "isAvailable"'));
    expect(lines[1], contains('"method": "readCharacteristic"'));
    recorder.fail(third, 'the platform went away');
    expect(lines[2], '{"note": "no reply on healthkit_permissions: the platform went away"}');
    recorder.complete(third, hex('0001'));
    expect(lines, hasLength(3));
  });

  group('HkTranscriptHeader', () {
    test('writes the fields it has, in order', () {
      expect(
          const HkTranscriptHeader(
                  version: '0.1.0',
                  channels: ['healthkit_permissions'],
                  device: 'iPad',
                  osVersion: '16.4',
                  bundleId: 'com.example.app')
              .toLine(),
          '{"hkbridge": {"version": "0.1.0", "channels": ["healthkit_permissions"], '
          '"device": "iPad", "osVersion": "16.4", "bundleId": "com.example.app"}}');
      expect(const HkTranscriptHeader(device: 'iPhone').toLine(),
          '{"hkbridge": {"device": "iPhone"}}');
    });

    test('from HELLO: the plugin channels without the control channel, the device; no bundle id',
        () {
      final hello = HkBridgeHello.decode(const HkMessageCodec().encode({
        'protocol': 1,
        'emulator': '0.1.0',
        'channels': ['my_health', 'hkbridge/control'],
        'device': {
          'model': 'iPad',
          'osVersion': '17.0',
          'restricted': false,
          'bundleId': 'com.example.app'
        },
      }));
      expect(
          HkTranscriptHeader.fromHello(hello).toLine(),
          '{"hkbridge": {"version": "0.1.0", "channels": ["my_health"], "device": "iPad", '
          '"osVersion": "17.0"}}');
    });

    test('from HELLO of other profiles: profiles, no channels, a bundle id not the default one',
        () {
      final hello = HkBridgeHello.decode(const HkMessageCodec().encode({
        'protocol': 1,
        'emulator': '0.1.0',
        'channels': ['flutter_health', 'dev.fluttercommunity.plus/device_info', 'hkbridge/control'],
        'device': {'model': 'iPhone', 'osVersion': '17.5', 'restricted': false, 'bundleId': 'b'},
        'profiles': ['health'],
      }));
      expect(
          HkTranscriptHeader.fromHello(hello).toLine(),
          '{"hkbridge": {"version": "0.1.0", "profiles": ["health"], "device": "iPhone", '
          '"osVersion": "17.5", "bundleId": "b"}}');
    });
  });

  group('HkRecorder', () {
    Future<ByteData?> answer(String channel, ByteData? message) async =>
        ByteData.sublistView(hex('0001'));

    test('writes the header first, then recorded channels only, each with `at`', () async {
      final lines = <String>[];
      final recorder = HkRecorder(answer,
          onLine: lines.add,
          header: const HkTranscriptHeader(
              device: 'iPhone', bundleId: 'com.acme.mindful', appName: 'Mindful'),
          clock: () => DateTime.fromMillisecondsSinceEpoch(1732531262417, isUtc: true));
      expect(lines, [
        '{"hkbridge": {"device": "iPhone", "bundleId": "com.acme.mindful", "appName": "Mindful"}}'
      ]);
      final reply = await recorder.send(plugin, ByteData.sublistView(hex(isAvailableCall)));
      expect(Uint8List.sublistView(reply!), hex('0001'));
      await recorder.send('other', ByteData.sublistView(hex('00')));
      expect(lines, hasLength(2));
      expect(
          lines[1],
          '{"channel": "healthkit_permissions", "call": {"method": "isAvailable", "args": null}, '
          '"reply": {"ok": true}, "callHex": "$isAvailableCall", "replyHex": "0001", '
          '"at": 1732531262417}');
    });

    test('the default clock is the device clock; clock: null leaves `at` out', () async {
      final lines = <String>[];
      final before = DateTime.now().millisecondsSinceEpoch;
      await HkRecorder(answer, onLine: lines.add)
          .send(plugin, ByteData.sublistView(hex(isAvailableCall)));
      final at = int.parse(RegExp(r'"at": (\d+)\}$').firstMatch(lines.single)!.group(1)!);
      expect(at, greaterThanOrEqualTo(before));
      expect(at, lessThanOrEqualTo(DateTime.now().millisecondsSinceEpoch));
      await HkRecorder(answer, onLine: lines.add, clock: null)
          .send(plugin, ByteData.sublistView(hex(isAvailableCall)));
      expect(lines.last, endsWith('"replyHex": "0001"}'));
    });

    test('send is a send function: HkSend, and a null reply from inner is a null reply',
        () async {
      final lines = <String>[];
      final recorder =
          HkRecorder((channel, message) => null, onLine: lines.add, clock: null);
      final HkSend send = recorder.send; // no `!`, no wrapper
      await expectLater(hkInvokeMethod(send, plugin, 'isAvailable'),
          throwsA(isA<HkNotImplementedException>()));
      expect(lines.single, contains('"reply": {"notImplemented": true}'));
      expect(lines.single, contains('"replyHex": null'));
    });

    test('writeHeader: false leaves the header out', () {
      final lines = <String>[];
      HkRecorder(answer,
          onLine: lines.add,
          header: const HkTranscriptHeader(device: 'iPhone'),
          writeHeader: false);
      expect(lines, isEmpty);
    });

    test('a failed send is a note and the error goes on to the caller', () async {
      final lines = <String>[];
      final recorder = HkRecorder((c, m) => Future<ByteData?>.error(StateError('gone')),
          onLine: lines.add);
      await expectLater(recorder.send(plugin, ByteData.sublistView(hex(isAvailableCall))),
          throwsA(isA<StateError>()));
      expect(lines, ['{"note": "no reply on healthkit_permissions: Bad state: gone"}']);
    });
  });
}
