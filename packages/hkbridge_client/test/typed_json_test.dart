// Typed JSON for Dart values (../../protocol/typed-json.md), each form pinned as text.

import 'dart:typed_data';

import 'package:test/test.dart';
import 'package:hkbridge_client/hkbridge_client.dart';

void main() {
  final cases = <String, List<Object?>>{
    'null and booleans': [[null, true, false], '[null, true, false]'],
    'int32': [-2147483648, '-2147483648'],
    'int64 outside int32 is a plain integer': [1704067200000, '1704067200000'],
    'a small forced int64': [const HkInt64(5), r'{"$int64": 5}'],
    'a large forced int64 is plain': [const HkInt64(1 << 40), '1099511627776'],
    'large int': [const HkLargeInt('1f2e'), r'{"$largeInt": "1f2e"}'],
    'float with a fraction': [-3.14, '-3.14'],
    'whole float keeps its .0': [1.0, '1.0'],
    'negative zero': [-0.0, '-0.0'],
    // The canonical form of ../../protocol/typed-json.md: exponent without "+", plain up to 2^53.
    'huge float uses an exponent without +': [1e300, '1e300'],
    'tiny float': [1e-5, '1e-5'],
    '2^53 is plain, above it an exponent': [
      [9007199254740992.0, 9007199254740994.0],
      '[9007199254740992.0, 9.007199254740994e15]'
    ],
    'smallest subnormal': [5e-324, '5e-324'],
    '1e16 and 1e21': [
      [1e16, 1e21],
      '[1e16, 1e21]'
    ],
    'NaN': [double.nan, r'{"$float64": "NaN"}'],
    'Infinity': [double.infinity, r'{"$float64": "Infinity"}'],
    '-Infinity': [double.negativeInfinity, r'{"$float64": "-Infinity"}'],
    'string escapes': ['a"\\\n\u00e9', r'"a\"\\\né"'],
    'Uint8List as base64': [Uint8List.fromList([1, 2, 3]), r'{"$uint8List": "AQID"}'],
    'Int32List': [Int32List.fromList([1, -2]), r'{"$int32List": [1, -2]}'],
    'Int64List': [Int64List.fromList([1 << 40]), r'{"$int64List": [1099511627776]}'],
    'Float32List': [Float32List.fromList([0.5, double.nan]), r'{"$float32List": [0.5, "NaN"]}'],
    'Float32List elements take the shortest float32 digits': [
      Float32List.fromList([0.1, 3.4028234663852886e38, 1e-45, 16777216.0, 1e8]),
      r'{"$float32List": [0.1, 3.4028235e38, 1e-45, 16777216.0, 1e8]}'
    ],
    'Float64List': [
      Float64List.fromList([1.0, double.infinity, double.negativeInfinity]),
      r'{"$float64List": [1.0, "Infinity", "-Infinity"]}'
    ],
    'map keeps its order': [{'b': 1, 'a': 2}, '{"b": 1, "a": 2}'],
    'empty map and list': [[<String, Object?>{}, <Object?>[]], '[{}, []]'],
    'non-string keys use \$map': [{1: 'a', 'b': 2}, r'{"$map": [[1, "a"], ["b", 2]]}'],
    'a lone tag-named key uses \$map': [{r'$int64': 1}, r'{"$map": [["$int64", 1]]}'],
    'a tag-named key among others stays an object':
        [{r'$int64': 1, 'x': 2}, r'{"$int64": 1, "x": 2}'],
    'extension value': [const HkExt(129, [1]), r'{"$ext": {"tag": 129, "value": [1]}}'],
  };
  cases.forEach((name, c) {
    test(name, () => expect(encodeTypedJson(c[0]), c[1]));
  });

  test('values with no typed JSON form are ArgumentErrors', () {
    expect(() => encodeTypedJson(Object()), throwsArgumentError);
    expect(() => encodeTypedJson({'when': DateTime(2024)}), throwsArgumentError);
  });

  test('hexOf is lowercase, two digits a byte', () {
    expect(hexOf([0, 1, 0xab, 0xff]), '0001abff');
  });
}
