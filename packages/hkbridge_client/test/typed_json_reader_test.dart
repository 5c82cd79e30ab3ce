// Typed JSON read back into Dart values (../../protocol/typed-json.md), Dart equality as a test's
// `equals` sees channel values, and replay's verdict on one exchange.

import 'dart:typed_data';

import 'package:hkbridge_client/hkbridge_client.dart';
import 'package:test/test.dart';

import 'hex.dart';

void main() {
  group('decodeTypedJson', () {
    test('plain JSON: ints, doubles, strings, lists, objects in order', () {
      final value = decodeTypedJson('{"b": [1, 1.0, -0.0, "é", null, true], "a": 2}');
      expect(value, isA<Map<Object?, Object?>>());
      final map = value as Map;
      expect(map.keys.toList(), ['b', 'a']);
      final list = map['b'] as List;
      expect(list[0], isA<int>());
      expect(list[1], isA<double>());
      expect((list[2] as double).isNegative, isTrue);
    });

    test('every tag becomes the value the codec writes with that tag', () {
      const codec = HkMessageCodec(allowsExtensions: true);
      final cases = <String, String>{
        r'{"$int64": 5}': '04 0500000000000000',
        r'{"$largeInt": "ff"}': '05 02 6666',
        r'{"$float64": "NaN"}': '06 00000000000000 000000000000f87f',
        r'{"$float64": 2}': '06 00000000000000 0000000000000040',
        r'{"$uint8List": "AQID"}': '08 03 010203',
        r'{"$int32List": [1, -1]}': '09 02 0000 01000000 ffffffff',
        r'{"$int64List": [1]}': '0a 01 000000000000 0100000000000000',
        r'{"$float32List": [1, "Infinity"]}': '0e 02 0000 0000803f 0000807f',
        r'{"$float64List": [0.5]}': '0b 01 000000000000 000000000000e03f',
        r'{"$map": [[1, "a"]]}': '0d 01 03 01000000 07 01 61',
        r'{"$ext": {"tag": 129, "value": 2}}': '81 03 02000000',
        r'{"$int64": 1, "x": 2}': '0d 02 07 06 24696e743634 03 01000000 07 01 78 03 02000000',
      };
      cases.forEach((json, bytes) {
        expect(codec.encode(decodeTypedJson(json)), hex(bytes), reason: json);
      });
    });

    test('what is wrong is named by its path', () {
      expect(
          () => decodeTypedJson(r'{"a": [1, {"$int32List": [1, 2.5]}]}'),
          throwsA(isA<TypedJsonException>()
              .having((e) => e.path, 'path', r'$.a[1].$int32List')));
      expect(() => decodeTypedJson('{'), throwsA(isA<TypedJsonException>()));
      expect(() => decodeTypedJson(r'{"$uint8List": "A"}'), throwsA(isA<TypedJsonException>()));
    });

    test('canonical typed JSON reads back to the same text', () {
      const texts = [
        r'[1, 1.0, {"$int64": 1}, "é", null]',
        r'{"$float32List": [0.1, 3.4028235e38]}',
        r'{"$map": [["$int64", 1]]}',
        '[1e300, 9.007199254740994e15, -0.0]',
      ];
      for (final text in texts) {
        expect(encodeTypedJson(decodeTypedJson(text)), text);
      }
    });
  });

  group('hkValuesEqual', () {
    test('numbers by value whatever their kind; NaN equals NaN', () {
      expect(hkValuesEqual(100, 100.0), isTrue);
      expect(hkValuesEqual(const HkInt64(5), 5), isTrue);
      expect(hkValuesEqual(0, -0.0), isTrue);
      expect(hkValuesEqual(double.nan, double.nan), isTrue);
      expect(hkValuesEqual(1, 1.5), isFalse);
    });

    test('maps whatever their order, lists in order', () {
      expect(hkValuesEqual({'a': 1, 'b': 2}, {'b': 2, 'a': 1.0}), isTrue);
      expect(hkValuesEqual({'a': 1}, {'a': 1, 'b': 2}), isFalse);
      expect(hkValuesEqual([1, 2], [2, 1]), isFalse);
      expect(hkValuesEqual({1: 'x'}, {1.0: 'x'}), isTrue);
    });

    test('typed lists by kind and contents', () {
      expect(hkValuesEqual(Uint8List.fromList([1]), Uint8List.fromList([1])), isTrue);
      expect(hkValuesEqual(Uint8List.fromList([1]), [1]), isFalse);
      expect(hkValuesEqual(Int32List.fromList([1]), Int64List.fromList([1])), isFalse);
      expect(hkValuesEqual(Float64List.fromList([double.nan]), Float64List.fromList([double.nan])),
          isTrue);
    });

    test('strings, bools and null by contents', () {
      expect(hkValuesEqual('1', 1), isFalse);
      expect(hkValuesEqual(null, false), isFalse);
      expect(hkValuesEqual(const HkExt(129, 1), const HkExt(129, 1.0)), isTrue);
    });
  });

  group('hkReplayMismatch', () {
    HkTranscriptExchange one(String line) =>
        HkTranscript.parse('t.jsonl', line).exchanges.single;

    const ok = '{"channel": "healthkit_permissions", '
        '"call": {"method": "isAvailable", "args": null}, "reply": {"ok": true}, '
        '"callHex": "070b6973417661696c61626c6500", "replyHex": "0001"}';

    test('passes when bytes and value agree', () {
      expect(hkReplayMismatch(one(ok), hex('0001')), isNull);
    });

    test('other reply bytes fail, naming the first differing byte', () {
      expect(hkReplayMismatch(one(ok), hex('0002')),
          'reply bytes 0002 are not replyHex 0001 (first difference at byte 1)');
    });

    test('a call whose callHex is not what the codec writes fails', () {
      final line = ok.replaceFirst('"callHex": "070b', '"callHex": "070c');
      expect(hkReplayMismatch(one(line), hex('0001')), contains("this package's codec encodes"));
    });

    test('without replyHex the value decides: 1 equals 1.0, another code does not', () {
      const valueLine = '{"channel": "c", "call": {"method": "m", "args": null}, '
          '"reply": {"ok": 1}}';
      expect(hkReplayMismatch(one(valueLine), const HkMethodCodec().encodeSuccessEnvelopeBytes(1.0)),
          isNull);
      const errorLine = '{"channel": "c", "call": {"method": "m", "args": null}, '
          '"reply": {"error": {"code": "A", "message": null, "details": null}}}';
      expect(
          hkReplayMismatch(one(errorLine), const HkMethodCodec().encodeErrorEnvelopeBytes('B')),
          'error code B, expected A');
      expect(hkReplayMismatch(one(errorLine), null), startsWith('a null reply'));
    });

    test('a header line gives serve its arguments; a bad line is named', () {
      final t = HkTranscript.parse(
          't.jsonl',
          '{"hkbridge": {"channels": ["my_health", "hkbridge/control"], "device": "iPad", '
              '"osVersion": "16.4"}}\n'
              '\n{"note": "x"}\n');
      expect(t.serveArgs, ['--channel', 'my_health', '--device', 'iPad', '--os', '16.4']);
      final health = HkTranscript.parse('h.jsonl',
          '{"hkbridge": {"profiles": ["health"]}}\n{"note": "x"}\n');
      expect(health.serveArgs, ['--profile', 'health']);
      expect(
          () => HkTranscript.parse('h.jsonl', '{"hkbridge": {"profiles": []}}\n'),
          throwsA(isA<HkTranscriptFormatException>().having((e) => e.line, 'line', 1)));
      expect(
          () => HkTranscript.parse('t.jsonl', '{"note": "x"}\n{"channel": 1, "call": null}'),
          throwsA(isA<HkTranscriptFormatException>().having((e) => e.line, 'line', 2)));
    });

    test('a last line cut short is left out; a bad line elsewhere is still named', () {
      final t = HkTranscript.parse('t.jsonl', '$ok\n{"channel": "healthkit_permissions", "ca');
      expect(t.exchanges, hasLength(1));
      expect(t.tornLastLine, '{"channel": "healthkit_permissions", "ca');
      expect(HkTranscript.parse('t.jsonl', '$ok\n').tornLastLine, isNull);
      expect(
          () => HkTranscript.parse('t.jsonl', '{"channel": "x", "ca\n$ok\n'),
          throwsA(isA<HkTranscriptFormatException>().having((e) => e.line, 'line', 1)));
      expect(
          () => HkTranscript.parse('t.jsonl', '$ok\n{"channel": "x", "ca\n'),
          throwsA(isA<HkTranscriptFormatException>().having((e) => e.line, 'line', 2)));
      // A whole object that does not read is refused as a line, not left out as cut short.
      expect(
          () => HkTranscript.parse('t.jsonl', '$ok\n{"note": "\\x", "a": [1, {}]}'),
          throwsA(isA<HkTranscriptFormatException>().having((e) => e.line, 'line', 2)));
      expect(HkTranscript.parse('t.jsonl', '$ok\n{"note": "a\\"}{"').tornLastLine,
          '{"note": "a\\"}{"');
    });
  });
}
