// Transcript lines (protocol/transcripts.md) from exact bytes, and their order.

import 'package:flutter_test/flutter_test.dart';
import 'package:hkbridge_client/hkbridge_core.dart';

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

    test('a null reply to a call is notImplemented, with no replyHex', () {
      expect(
          transcriptLine(plugin, hex('070c6e6f537563684d6574686f6400'), null,
              isMethodCall: true),
          '{"channel": "healthkit_permissions", '
          '"call": {"method": "noSuchMethod", "args": null}, '
          '"reply": {"notImplemented": true}, "callHex": "070c6e6f537563684d6574686f6400"}');
    });

    test('a plain message with a null reply', () {
      expect(
          transcriptLine('some.basic.channel', hex('0d010703616e79070576616c7565'), null,
              isMethodCall: false),
          '{"channel": "some.basic.channel", "message": {"any": "value"}, '
          '"reply": {"message": null}, "messageHex": "0d010703616e79070576616c7565"}');
    });

    test('a small int64 in a reply stays an int64', () {
      expect(
          transcriptLine(plugin, hex(isAvailableCall), hex('00 04 0500000000000000'),
              isMethodCall: true),
          contains(r'"reply": {"ok": {"$int64": 5}}'));
    });

    test('bytes that do not decode become a note naming the reason', () {
      expect(transcriptLine(plugin, hex('03 01000000 00'), hex('0001'), isMethodCall: true),
          startsWith('{"note": "unrecordable exchange on healthkit_permissions: '
              'HkCodecException(methodNameNotString) at offset 0'));
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
}
