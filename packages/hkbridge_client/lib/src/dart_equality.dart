// Equality of decoded channel values as a Dart test's `equals` sees them (replay's `value` mode,
// ../../protocol/transcripts.md).

import 'dart:typed_data';

import 'codec.dart';

/// Whether [a] and [b] are equal channel values:
/// - numbers by value whatever their width or kind (`100 == 100.0`, an [HkInt64] as its int);
///   NaN equals NaN;
/// - maps when they hold the same keys (compared the same way) with equal values, in any order;
/// - lists element by element; typed lists when they are the same kind with equal elements;
/// - everything else (null, bools, strings, [HkLargeInt], [HkExt]) by kind and contents.
bool hkValuesEqual(Object? a, Object? b) {
  final x = a is HkInt64 ? a.value : a;
  final y = b is HkInt64 ? b.value : b;
  if (x is num && y is num) return x == y || (x is double && y is double && x.isNaN && y.isNaN);
  if (x is TypedData || y is TypedData) {
    final kind = _typedListKind(x);
    if (kind.isEmpty || kind != _typedListKind(y)) return false;
    final xs = x as List;
    final ys = y as List;
    if (xs.length != ys.length) return false;
    for (var i = 0; i < xs.length; i++) {
      if (!hkValuesEqual(xs[i], ys[i])) return false;
    }
    return true;
  }
  if (x is List && y is List) {
    if (x.length != y.length) return false;
    for (var i = 0; i < x.length; i++) {
      if (!hkValuesEqual(x[i], y[i])) return false;
    }
    return true;
  }
  if (x is Map && y is Map) {
    if (x.length != y.length) return false;
    return _containsAll(x, y) && _containsAll(y, x);
  }
  if (x is HkExt && y is HkExt) return x.tag == y.tag && hkValuesEqual(x.value, y.value);
  if (x is List || y is List || x is Map || y is Map) return false;
  return x == y;
}

bool _containsAll(Map<Object?, Object?> container, Map<Object?, Object?> entries) {
  for (final key in entries.keys) {
    var found = false;
    for (final other in container.keys) {
      if (hkValuesEqual(other, key)) {
        if (!hkValuesEqual(container[other], entries[key])) return false;
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return true;
}

/// The kind of a typed list (a view and a copy of the same kind have different runtime types
/// in the VM, so kinds are told apart by interface); empty for anything else.
String _typedListKind(Object? value) {
  if (value is Uint8List) return 'Uint8List';
  if (value is Int32List) return 'Int32List';
  if (value is Int64List) return 'Int64List';
  if (value is Float32List) return 'Float32List';
  if (value is Float64List) return 'Float64List';
  return '';
}
