// Typed JSON ("channel JSON", protocol/typed-json.md) for Dart values, as transcripts carry them.

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
    out.write('{"\$float32List": [${v.map(_listDouble).join(', ')}]}');
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

/// A finite double in Dart's shortest round-trip form, always with a `.` or an exponent.
String typedJsonDouble(double v) {
  final text = v.toString();
  return text.contains('.') || text.contains('e') ? text : '$text.0';
}

String _special(double v) => v.isNaN ? 'NaN' : (v > 0 ? 'Infinity' : '-Infinity');

String _listDouble(double v) => v.isFinite ? typedJsonDouble(v) : '"${_special(v)}"';

/// Lowercase hex of [bytes], as transcripts write `callHex` / `replyHex`.
String hexOf(List<int> bytes) {
  final out = StringBuffer();
  for (final b in bytes) {
    out.write(b.toRadixString(16).padLeft(2, '0'));
  }
  return out.toString();
}
