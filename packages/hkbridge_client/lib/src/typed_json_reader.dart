// Typed JSON ("channel JSON", ../../protocol/typed-json.md) read back into Dart values for the codec.

import 'dart:convert';
import 'dart:typed_data';

import 'codec.dart';
import 'typed_json.dart';

/// Typed JSON that does not read as a channel value; [path] is a JSONPath of the input.
class TypedJsonException implements Exception {
  const TypedJsonException(this.path, this.message);
  final String path;
  final String message;

  @override
  String toString() => 'TypedJsonException: $path: $message';
}

/// The Dart value of one typed-JSON text, ready for [HkMessageCodec.encode]: a JSON integer is
/// an `int`, a number with a fraction or exponent a `double`, `{"$int64": n}` an [HkInt64] (so
/// that it is written with tag 4), `{"$largeInt": s}` an [HkLargeInt], `{"$ext": ...}` an
/// [HkExt], typed lists their `dart:typed_data` lists, objects and `$map`s `Map<Object?,
/// Object?>` in their order. Throws [TypedJsonException] naming the path of what is wrong.
Object? decodeTypedJson(String text) {
  final Object? json;
  try {
    json = jsonDecode(text);
  } on FormatException catch (e) {
    throw TypedJsonException(r'$', 'not JSON: ${e.message}');
  }
  return typedJsonValue(json);
}

/// [decodeTypedJson] for JSON already parsed by `jsonDecode`.
Object? typedJsonValue(Object? json, [String path = r'$']) {
  if (json == null || json is bool || json is int || json is String) return json;
  if (json is double) return json;
  if (json is List) {
    return <Object?>[for (var i = 0; i < json.length; i++) typedJsonValue(json[i], '$path[$i]')];
  }
  if (json is Map) {
    if (json.length == 1 && typedJsonTags.contains(json.keys.single)) {
      final tag = json.keys.single as String;
      return _tagged(tag, json[tag], '$path.$tag');
    }
    final map = <Object?, Object?>{};
    json.forEach((key, value) => map[key] = typedJsonValue(value, '$path.$key'));
    return map;
  }
  throw TypedJsonException(path, 'unexpected ${json.runtimeType}');
}

Object? _tagged(String tag, Object? body, String path) {
  switch (tag) {
    case r'$int64':
      if (body is! int) throw TypedJsonException(path, 'expected an integer, not $body');
      return HkInt64(body);
    case r'$largeInt':
      if (body is! String) throw TypedJsonException(path, 'expected a string, not $body');
      return HkLargeInt(body);
    case r'$float64':
      return _number(body, path);
    case r'$uint8List':
      if (body is! String) throw TypedJsonException(path, 'expected base64 text, not $body');
      try {
        return base64Decode(body);
      } on FormatException catch (e) {
        throw TypedJsonException(path, 'not base64: ${e.message}');
      }
    case r'$int32List':
      return Int32List.fromList(_ints(body, path));
    case r'$int64List':
      return Int64List.fromList(_ints(body, path));
    case r'$float32List':
      return Float32List.fromList(_numbers(body, path));
    case r'$float64List':
      return Float64List.fromList(_numbers(body, path));
    case r'$map':
      if (body is! List) throw TypedJsonException(path, 'expected a list of [key, value] pairs');
      final map = <Object?, Object?>{};
      for (var i = 0; i < body.length; i++) {
        final pair = body[i];
        if (pair is! List || pair.length != 2) {
          throw TypedJsonException('$path[$i]', 'expected a [key, value] pair');
        }
        map[typedJsonValue(pair[0], '$path[$i][0]')] = typedJsonValue(pair[1], '$path[$i][1]');
      }
      return map;
    default: // r'$ext'
      if (body is! Map || body.length != 2 || body['tag'] is! int || !body.containsKey('value')) {
        throw TypedJsonException(path, 'expected {"tag": 128-255, "value": ...}');
      }
      return HkExt(body['tag'] as int, typedJsonValue(body['value'], '$path.value'));
  }
}

List<int> _ints(Object? body, String path) {
  if (body is! List || !body.every((e) => e is int)) {
    throw TypedJsonException(path, 'expected a list of integers');
  }
  return body.cast<int>();
}

List<double> _numbers(Object? body, String path) {
  if (body is! List) throw TypedJsonException(path, 'expected a list of numbers');
  return [for (var i = 0; i < body.length; i++) _number(body[i], '$path[$i]')];
}

double _number(Object? value, String path) {
  if (value is num) return value.toDouble();
  if (value == 'NaN') return _canonicalNaN;
  if (value == 'Infinity') return double.infinity;
  if (value == '-Infinity') return double.negativeInfinity;
  throw TypedJsonException(path, 'expected a number, "NaN", "Infinity" or "-Infinity"');
}

/// The quiet NaN typed JSON reads "NaN" as (bits 7ff8000000000000, as hkbridge writes it);
/// `double.nan` may carry the sign bit on some CPUs.
final double _canonicalNaN =
    (ByteData(8)..setUint64(0, 0x7ff8000000000000)).getFloat64(0);
