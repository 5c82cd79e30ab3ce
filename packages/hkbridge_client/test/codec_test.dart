// The pure-Dart codec against bytes worked out by hand from Flutter's format (../../protocol/codec.md).

import 'dart:typed_data';

import 'package:test/test.dart';
import 'package:hkbridge_client/hkbridge_client.dart';

import 'hex.dart';

const codec = HkMessageCodec();
const methods = HkMethodCodec();

Matcher codecError(HkCodecErrorKind kind, int offset) => isA<HkCodecException>()
    .having((e) => e.kind, 'kind', kind)
    .having((e) => e.offset, 'offset', offset);

void main() {
  group('encode', () {
    final cases = <String, List<Object?>>{
      'null, true, false in a list': [[null, true, false], '0c 03 00 01 02'],
      'int32 -1': [-1, '03 ffffffff'],
      'int32 max': [0x7fffffff, '03 ffffff7f'],
      'int64 just above int32': [0x80000000, '04 0000008000000000'],
      'int64 just below int32': [-0x80000001, '04 ffffff7fffffffff'],
      'forced int64': [const HkInt64(5), '04 0500000000000000'],
      'large int': [const HkLargeInt('ff'), '05 02 6666'],
      'float64 aligned to 8': [1.0, '06 00000000000000 000000000000f03f'],
      'string UTF-8': ['é', '07 02 c3a9'],
      'Uint8List': [Uint8List.fromList([1, 2, 3]), '08 03 010203'],
      'Int32List aligned to 4': [Int32List.fromList([1, -1]), '09 02 0000 01000000 ffffffff'],
      'Int64List aligned to 8':
          [Int64List.fromList([1]), '0a 01 000000000000 0100000000000000'],
      'Float32List aligned to 4': [Float32List.fromList([1.0]), '0e 01 0000 0000803f'],
      'Float64List aligned to 8':
          [Float64List.fromList([0.5]), '0b 01 000000000000 000000000000e03f'],
      'map in insertion order': [{'a': 1, 'b': null}, '0d 02 07 01 61 03 01000000 07 01 62 00'],
    };
    cases.forEach((name, c) {
      test(name, () => expect(codec.encode(c[0]), hex(c[1] as String)));
    });

    test('a 254-byte string takes the 254 + uint16 size form', () {
      final bytes = codec.encode('a' * 254);
      expect(bytes.sublist(0, 4), hex('07 fe fe00'));
      expect(bytes.length, 4 + 254);
    });

    test('a 65536-byte Uint8List takes the 255 + uint32 size form', () {
      final bytes = codec.encode(Uint8List(65536));
      expect(bytes.sublist(0, 6), hex('08 ff 00000100'));
    });

    test('extension values need allowsExtensions', () {
      const ext = HkMessageCodec(allowsExtensions: true);
      expect(ext.encode(const HkExt(128, 'x')), hex('80 07 01 78'));
      expect(() => codec.encode(const HkExt(128, 'x')), throwsArgumentError);
    });

    test('values the codec cannot write are ArgumentErrors', () {
      expect(() => codec.encode(Object()), throwsArgumentError);
      expect(() => codec.encode(DateTime(2024)), throwsArgumentError);
    });
  });

  group("Flutter's codec shapes (MethodCall and ByteData in and out)", () {
    Uint8List bytes(ByteData? d) => Uint8List.sublistView(d!);

    test('encodeMethodCall takes an HkMethodCall and gives ByteData', () {
      final ByteData encoded =
          methods.encodeMethodCall(const HkMethodCall('x', <String, Object?>{'a': 2}));
      expect(bytes(encoded), hex('07 01 78 0d 01 07 01 61 03 02000000'));
      expect(bytes(methods.encodeMethodCall(const HkMethodCall('isAvailable'))),
          hex('07 0b 697341766169 6c61626c65 00'));
    });

    test('decodeMethodCall reads ByteData; no data is a codec error', () {
      final call = methods.decodeMethodCall(ByteData.sublistView(hex('07 01 78 0d 01 07 01 61 03 02000000')));
      expect(call.method, 'x');
      expect(call.arguments, {'a': 2});
      expect(() => methods.decodeMethodCall(null),
          throwsA(isA<HkCodecException>().having((e) => e.kind, 'kind', HkCodecErrorKind.truncated)));
    });

    test('decodeEnvelope returns the result, or throws HkPlatformException', () {
      expect(methods.decodeEnvelope(ByteData.sublistView(hex('00 01'))), true);
      expect(
          () => methods.decodeEnvelope(
              ByteData.sublistView(hex('01 07 01 45 07 01 6d 0d 00 07 02 7374'))),
          throwsA(isA<HkPlatformException>()
              .having((e) => e.code, 'code', 'E')
              .having((e) => e.message, 'message', 'm')
              .having((e) => e.stacktrace, 'stacktrace', 'st')));
    });

    test('envelopes are ByteData, the error one with named fields as Flutter has them', () {
      expect(bytes(methods.encodeSuccessEnvelope(true)), hex('00 01'));
      expect(bytes(methods.encodeErrorEnvelope(code: 'E', details: const <String, Object?>{})),
          hex('01 07 01 45 00 0d 00'));
    });

    test('encodeMessage / decodeMessage: null is no data', () {
      const codec = HkMessageCodec();
      expect(codec.encodeMessage(null), isNull);
      expect(codec.decodeMessage(null), isNull);
      expect(bytes(codec.encodeMessage('a')), hex('07 01 61'));
      expect(codec.decodeMessage(ByteData.sublistView(hex('07 01 61'))), 'a');
    });
  });

  group('method codec', () {
    test('isAvailable with no arguments', () {
      expect(methods.encodeMethodCallBytes('isAvailable'), hex('07 0b 697341766169 6c61626c65 00'));
    });

    test('success envelope aligns a float64 from the flag byte', () {
      expect(methods.encodeSuccessEnvelopeBytes(true), hex('00 01'));
      expect(methods.encodeSuccessEnvelopeBytes(1.0), hex('00 06 000000000000 000000000000f03f'));
    });

    test('error envelope: three fields, a stacktrace adds a fourth', () {
      expect(methods.encodeErrorEnvelopeBytes('E', details: const <String, Object?>{}),
          hex('01 07 01 45 00 0d 00'));
      expect(methods.encodeErrorEnvelopeBytes('E', message: 'm', stacktrace: 'st'),
          hex('01 07 01 45 07 01 6d 00 07 02 7374'));
    });

    test('decodes a call and both envelopes', () {
      final call = methods.decodeMethodCallBytes(hex('07 01 78 0d 01 07 01 61 03 02000000'));
      expect(call.method, 'x');
      expect(call.arguments, {'a': 2});
      final ok = methods.decodeEnvelopeBytes(hex('00 01'));
      expect(ok, isA<HkSuccessEnvelope>().having((e) => e.value, 'value', true));
      final error = methods.decodeEnvelopeBytes(hex('01 07 01 45 07 01 6d 0d 00 07 02 7374'));
      expect(
          error,
          isA<HkErrorEnvelope>()
              .having((e) => e.code, 'code', 'E')
              .having((e) => e.message, 'message', 'm')
              .having((e) => e.details, 'details', <Object?, Object?>{})
              .having((e) => e.stacktrace, 'stacktrace', 'st'));
    });
  });

  group('decode', () {
    test('round-trips every kind of value', () {
      final value = <Object?, Object?>{
        'list': [null, true, false, -1, 0x80000000, 2.5, 'ü'],
        7: Uint8List.fromList([9]),
        'i32': Int32List.fromList([3]),
        'i64': Int64List.fromList([-4]),
        'f32': Float32List.fromList([0.25]),
        'f64': Float64List.fromList([double.infinity]),
      };
      expect(codec.decode(codec.encode(value)), value);
    });

    test('a small int64 and a large int: plain by default, kept with preserveWidths', () {
      const keep = HkMessageCodec(preserveWidths: true);
      expect(codec.decode(hex('04 0500000000000000')), 5);
      expect(keep.decode(hex('04 0500000000000000')), const HkInt64(5));
      expect(keep.decode(hex('04 0000008000000000')), 0x80000000);
      expect(codec.decode(hex('05 02 6666')), 'ff');
      expect(keep.decode(hex('05 02 6666')), const HkLargeInt('ff'));
    });

    test('extension tags decode only when allowed', () {
      const ext = HkMessageCodec(allowsExtensions: true);
      expect(ext.decode(hex('81 03 02000000')), const HkExt(129, 2));
      expect(() => codec.decode(hex('81 03 02000000')),
          throwsA(codecError(HkCodecErrorKind.unknownTag, 0)));
    });

    test('512 nested lists decode; 513 are too deep', () {
      final ok = Uint8List.fromList([for (var i = 0; i < 512; i++) ...[0x0c, 0x01], 0x00]);
      var value = codec.decode(ok);
      var depth = 0;
      while (value is List) {
        value = value.single;
        depth++;
      }
      expect(depth, 512);
      final deep = Uint8List.fromList([for (var i = 0; i < 513; i++) ...[0x0c, 0x01], 0x00]);
      expect(() => codec.decode(deep), throwsA(codecError(HkCodecErrorKind.nestingTooDeep, 1024)));
    });

    final errors = <String, _ErrorCase>{
      'truncated int32': _ErrorCase(codec.decode, '03 01 00', HkCodecErrorKind.truncated, 1),
      'empty message': _ErrorCase(codec.decode, '', HkCodecErrorKind.truncated, 0),
      'reserved tag 15': _ErrorCase(codec.decode, '0f', HkCodecErrorKind.unknownTag, 0),
      'reserved tag 127': _ErrorCase(codec.decode, '7f', HkCodecErrorKind.unknownTag, 0),
      'string past the end': _ErrorCase(codec.decode, '07 05 61', HkCodecErrorKind.sizeOutOfBounds, 2),
      'list count past the end': _ErrorCase(codec.decode, '0c 05 00', HkCodecErrorKind.sizeOutOfBounds, 1),
      'map count past the end': _ErrorCase(codec.decode, '0d 01 00', HkCodecErrorKind.sizeOutOfBounds, 1),
      'typed list past the end':
          _ErrorCase(codec.decode, '09 02 0000 01000000', HkCodecErrorKind.sizeOutOfBounds, 4),
      'uint32 size far past the end':
          _ErrorCase(codec.decode, '08 ff ffffffff', HkCodecErrorKind.sizeOutOfBounds, 6),
      'invalid UTF-8': _ErrorCase(codec.decode, '07 01 ff', HkCodecErrorKind.invalidUtf8, 2),
      'trailing bytes': _ErrorCase(codec.decode, '00 00', HkCodecErrorKind.trailingBytes, 1),
      'method name not a string':
          _ErrorCase(methods.decodeMethodCallBytes, '03 01000000 00', HkCodecErrorKind.methodNameNotString, 0),
      'method call without arguments':
          _ErrorCase(methods.decodeMethodCallBytes, '07 01 78', HkCodecErrorKind.truncated, 3),
      'method call with trailing bytes':
          _ErrorCase(methods.decodeMethodCallBytes, '07 01 78 00 00', HkCodecErrorKind.trailingBytes, 4),
      'envelope flag 2': _ErrorCase(methods.decodeEnvelopeBytes, '02 00', HkCodecErrorKind.invalidEnvelopeFlag, 0),
      'empty envelope': _ErrorCase(methods.decodeEnvelopeBytes, '', HkCodecErrorKind.emptyEnvelope, 0),
      'error code not a string': _ErrorCase(methods.decodeEnvelopeBytes, '01 03 01000000 00 00',
          HkCodecErrorKind.invalidErrorEnvelope, 1),
      'error message not a string': _ErrorCase(methods.decodeEnvelopeBytes, '01 07 01 45 03 01000000 00',
          HkCodecErrorKind.invalidErrorEnvelope, 4),
      'error envelope truncated': _ErrorCase(methods.decodeEnvelopeBytes, '01 07 01 45 00',
          HkCodecErrorKind.truncated, 5),
      'success envelope with trailing bytes':
          _ErrorCase(methods.decodeEnvelopeBytes, '00 01 01', HkCodecErrorKind.trailingBytes, 2),
    };
    errors.forEach((name, c) {
      test(name, () => expect(() => c.decode(hex(c.hex)), throwsA(codecError(c.kind, c.offset))));
    });
  });
}

class _ErrorCase {
  const _ErrorCase(this.decode, this.hex, this.kind, this.offset);
  final Object? Function(Uint8List) decode;
  final String hex;
  final HkCodecErrorKind kind;
  final int offset;
}
