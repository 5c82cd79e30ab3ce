// Typed JSON ("channel JSON", ../../protocol/typed-json.md) for Dart values, as transcripts carry them.

import 'dart:convert';
import 'dart:typed_data';

import 'codec.dart';

/// The one-key object tags of typed JSON; a map whose only key is one of these needs `$map`.
const Set<String> typedJsonTags = {
  r'$int64',
  r'$largeInt',
  r'$float64',
  r'$uint8List',
  r'$int32List',
  r'$int64List',
  r'$float32List',
  r'$float64List',
  r'$map',
  r'$ext',
};

/// [value] as one line of typed JSON, with ", " and ": " separators.
///
/// int → a JSON integer (either range; [HkInt64] forces `{"$int64": n}` for a small one);
/// double → always with a `.` or exponent (Dart's shortest round-trip form), NaN and the
/// infinities as `{"$float64": "NaN"}`…; typed lists as `$uint8List` (base64), `$int32List`,
/// `$int64List`, `$float32List`, `$float64List`; maps with string keys as objects in their
/// order, any other map as `{"$map": [[k, v], …]}`. Throws [ArgumentError] for other values.
String encodeTypedJson(Object? value) {
  final out = StringBuffer();
  _write(out, value);
  return out.toString();
}

void _write(StringBuffer out, Object? value) {
  final v = value;
  if (v == null || v is bool) {
    out.write('$v');
  } else if (v is HkInt64) {
    final small = v.value >= -0x80000000 && v.value <= 0x7fffffff;
    out.write(small ? '{"\$int64": ${v.value}}' : '${v.value}');
  } else if (v is HkLargeInt) {
    out.write('{"\$largeInt": ${jsonEncode(v.hex)}}');
  } else if (v is HkExt) {
    out.write('{"\$ext": {"tag": ${v.tag}, "value": ');
    _write(out, v.value);
    out.write('}}');
  } else if (v is int) {
    out.write('$v');
  } else if (v is double) {
    out.write(v.isFinite ? typedJsonDouble(v) : '{"\$float64": "${_special(v)}"}');
  } else if (v is String) {
    out.write(jsonEncode(v));
  } else if (v is Uint8List) {
    out.write('{"\$uint8List": "${base64Encode(v)}"}');
  } else if (v is Int32List) {
    out.write('{"\$int32List": [${v.join(', ')}]}');
  } else if (v is Int64List) {
    out.write('{"\$int64List": [${v.join(', ')}]}');
  } else if (v is Float32List) {
    out.write('{"\$float32List": [${v.map(_listFloat32).join(', ')}]}');
  } else if (v is Float64List) {
    out.write('{"\$float64List": [${v.map(_listDouble).join(', ')}]}');
  } else if (v is List) {
    out.write('[');
    for (var i = 0; i < v.length; i++) {
      if (i > 0) out.write(', ');
      _write(out, v[i]);
    }
    out.write(']');
  } else if (v is Map) {
    _writeMap(out, v);
  } else {
    throw ArgumentError.value(v, 'value', 'a ${v.runtimeType} has no typed JSON form');
  }
}

void _writeMap(StringBuffer out, Map<Object?, Object?> map) {
  final keys = map.keys.toList();
  final asObject = keys.every((k) => k is String) &&
      !(keys.length == 1 && typedJsonTags.contains(keys.single));
  var first = true;
  if (asObject) {
    out.write('{');
    map.forEach((key, item) {
      if (!first) out.write(', ');
      first = false;
      out.write('${jsonEncode(key)}: ');
      _write(out, item);
    });
    out.write('}');
  } else {
    out.write('{"\$map": [');
    map.forEach((key, item) {
      if (!first) out.write(', ');
      first = false;
      out.write('[');
      _write(out, key);
      out.write(', ');
      _write(out, item);
      out.write(']');
    });
    out.write(']}');
  }
}

/// A finite double in the canonical typed-JSON form ([the typed JSON page](../../protocol/typed-json.md)):
/// the shortest digits that read back to the same value, always with a `.` or an exponent, plain
/// decimal for magnitudes from 1e-4 up to 2^53, an exponent without `+` or leading zeros outside
/// (`1.0`, `-0.0`, `9007199254740992.0`, `9.007199254740994e15`, `1e300`, `1e-5`, `5e-324`).
String typedJsonDouble(double v) => _canonical(v.toString(), v, 9007199254740992.0);

/// A float32 value (held in a double) in the canonical form of a `$float32List` element: the
/// shortest float32 digits (`0.1` for 0.1f; plain decimal up to 2^24), or, should those digits
/// not read back through float64 to the same float32, the float64 digits of the exact value.
String typedJsonFloat32(double v) {
  if (v == 0 || !v.isFinite) return typedJsonDouble(v);
  final check = Float32List(1);
  for (var precision = 1; precision <= 9; precision++) {
    final text = v.toStringAsPrecision(precision);
    check[0] = double.parse(text);
    if (check[0] == v) return _canonical(double.parse(text).toString(), v, 16777216.0);
  }
  return typedJsonDouble(v);
}

String _canonical(String dartText, double v, double plainLimit) {
  if (v == 0) return v.isNegative ? '-0.0' : '0.0';
  var text = dartText;
  final negative = text.startsWith('-');
  if (negative) text = text.substring(1);
  var exponent = 0;
  final e = text.indexOf('e');
  if (e >= 0) {
    exponent = int.parse(text.substring(e + 1).replaceFirst('+', ''));
    text = text.substring(0, e);
  }
  // text is now a decimal mantissa: digits, maybe a point.
  final point = text.indexOf('.');
  var digits = point < 0 ? text : text.substring(0, point) + text.substring(point + 1);
  var pointAt = point < 0 ? text.length : point; // digits before the point
  final lead = digits.length - digits.replaceFirst(RegExp('^0+'), '').length;
  digits = digits.substring(lead);
  pointAt -= lead;
  digits = digits.replaceFirst(RegExp(r'0+$'), '');
  // value = 0.digits x 10^(pointAt + exponent)
  final scale = pointAt + exponent;
  final magnitude = v.abs();
  final out = StringBuffer(negative ? '-' : '');
  if (magnitude >= 1e-4 && magnitude <= plainLimit) {
    if (scale <= 0) {
      out..write('0.')..write('0' * -scale)..write(digits);
    } else if (scale >= digits.length) {
      out..write(digits)..write('0' * (scale - digits.length))..write('.0');
    } else {
      out..write(digits.substring(0, scale))..write('.')..write(digits.substring(scale));
    }
  } else {
    out.write(digits[0]);
    if (digits.length > 1) out..write('.')..write(digits.substring(1));
    out..write('e')..write(scale - 1);
  }
  return out.toString();
}

String _special(double v) => v.isNaN ? 'NaN' : (v > 0 ? 'Infinity' : '-Infinity');

String _listDouble(double v) => v.isFinite ? typedJsonDouble(v) : '"${_special(v)}"';

String _listFloat32(double v) => v.isFinite ? typedJsonFloat32(v) : '"${_special(v)}"';

/// Lowercase hex of [bytes], as transcripts write `callHex` / `replyHex`.
String hexOf(List<int> bytes) {
  final out = StringBuffer();
  for (final b in bytes) {
    out.write(b.toRadixString(16).padLeft(2, '0'));
  }
  return out.toString();
}
