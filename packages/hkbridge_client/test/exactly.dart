// expectExactly: a deep comparison that also compares types, for channel values: an int is not
// a double (Dart's == says 120 == 120.0; a plugin's `as double` cast does not), an HkInt64 (a
// small int written as int64, decoded with preserveWidths) only equals an HkInt64.

import 'package:test/test.dart';

/// Fails unless [actual] equals [expected] value for value AND type for type: an int is not a
/// double (120 != 120.0 here), an `HkInt64` only equals an `HkInt64`; lists in order, maps by
/// key (every key, nothing extra; order not compared: the host's dictionaries have none).
void expectExactly(Object? actual, Object? expected, [String at = 'value']) {
  final why = typedMismatch(expected, actual, at);
  if (why != null) fail(why);
}

String? typedMismatch(Object? expected, Object? actual, String at) {
  String show(Object? v) => v == null ? 'null' : '${v.runtimeType} ${v is String ? "'$v'" : v}';
  if (expected is List) {
    if (actual is! List) return '$at: expected a List, got ${show(actual)}';
    if (actual.length != expected.length) {
      return '$at: expected ${expected.length} elements, got ${actual.length}: $actual';
    }
    for (var i = 0; i < expected.length; i++) {
      final why = typedMismatch(expected[i], actual[i], '$at[$i]');
      if (why != null) return why;
    }
    return null;
  }
  if (expected is Map) {
    if (actual is! Map) return '$at: expected a Map, got ${show(actual)}';
    for (final key in expected.keys) {
      if (!actual.containsKey(key)) return '$at: no key "$key" in $actual';
      final why = typedMismatch(expected[key], actual[key], '$at["$key"]');
      if (why != null) return why;
    }
    for (final key in actual.keys) {
      if (!expected.containsKey(key)) return '$at: unexpected key "$key" in $actual';
    }
    return null;
  }
  final sameType = expected == null
      ? actual == null
      : expected is double
          ? actual is double
          : expected is int
              ? actual is int
              : expected is String
                  ? actual is String
                  : expected is bool
                      ? actual is bool
                      : actual != null && actual.runtimeType == expected.runtimeType;
  if (!sameType || expected != actual) {
    return '$at: expected ${show(expected)}, got ${show(actual)}';
  }
  return null;
}
