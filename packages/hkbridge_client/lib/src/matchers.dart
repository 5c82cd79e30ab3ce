// Matchers and bindings of a replay (../../matchers.md), as `hkbridge replay` applies them:
// path patterns, the matchers, and the walk that compares a recorded reply with the one the
// emulator gave, binding recorded uuids to the emulator's.

import 'dart:convert';
import 'dart:typed_data';

import 'codec.dart';
import 'dart_equality.dart';
import 'typed_json.dart';

/// A `match` object, a matcher or a path that cannot be used; the message says why.
class HkMatcherException implements Exception {
  const HkMatcherException(this.message);
  final String message;

  @override
  String toString() => message;
}

/// One step of a path pattern: a map key, a list index, `[*]` or `.*`.
class _Step {
  const _Step.key(String this.key)
      : index = null,
        anyIndex = false,
        anyKey = false;
  const _Step.index(int this.index)
      : key = null,
        anyIndex = false,
        anyKey = false;
  const _Step.anyIndex()
      : key = null,
        index = null,
        anyIndex = true,
        anyKey = false;
  const _Step.anyKey()
      : key = null,
        index = null,
        anyIndex = false,
        anyKey = true;
  final String? key;
  final int? index;
  final bool anyIndex;
  final bool anyKey;

  /// Whether the concrete step [concrete] (a String key, an int index or an [_OtherKey]) fits.
  bool fits(Object concrete) {
    if (anyIndex) return concrete is int;
    if (anyKey) return concrete is String || concrete is _OtherKey;
    if (index != null) return concrete is int && concrete == index;
    return concrete is String && concrete == key;
  }
}

/// A map key that is not a string, in a concrete path (printed as its typed JSON).
class _OtherKey {
  const _OtherKey(this.json);
  final String json;
}

/// A path pattern: `reply.ok[*].uuid`, `reply["odd key"]`, `$.reply.error.code`.
class HkPathPattern {
  HkPathPattern._(this.text, this._steps);

  final String text;
  final List<_Step> _steps;

  /// Parses [text]; [HkMatcherException] naming what is wrong.
  factory HkPathPattern.parse(String text) {
    Never fail(String why) => throw HkMatcherException('path "$text": $why');
    final chars = text.runes.toList();
    var i = text.startsWith(r'$.') ? 2 : 0;
    String readName() {
      final start = i;
      while (i < chars.length && chars[i] != 0x2e && chars[i] != 0x5b) {
        i++;
      }
      return String.fromCharCodes(chars.sublist(start, i));
    }

    final steps = <_Step>[];
    final root = readName();
    if (root.isEmpty) fail('starts with a root name: call, message or reply');
    steps.add(_Step.key(root));
    while (i < chars.length) {
      if (chars[i] == 0x2e) {
        i++;
        final name = readName();
        if (name.isEmpty) fail('a name must follow "." (column ${i + 1})');
        steps.add(name == '*' ? const _Step.anyKey() : _Step.key(name));
        continue;
      }
      i++; // '['
      if (i < chars.length && chars[i] == 0x22) {
        var j = i + 1;
        while (j < chars.length && chars[j] != 0x22) {
          j += chars[j] == 0x5c ? 2 : 1;
        }
        if (j + 1 >= chars.length || chars[j + 1] != 0x5d) {
          fail('a quoted key ends with "] (column ${j + 1})');
        }
        final quoted = String.fromCharCodes(chars.sublist(i, j + 1));
        Object? key;
        try {
          key = jsonDecode(quoted);
        } on FormatException {
          key = null;
        }
        if (key is! String) fail('$quoted is not a JSON string');
        steps.add(_Step.key(key));
        i = j + 2;
        continue;
      }
      final close = chars.indexOf(0x5d, i);
      if (close < 0) fail('"[" without "]"');
      final inner = String.fromCharCodes(chars.sublist(i, close));
      final index = int.tryParse(inner);
      if (inner == '*') {
        steps.add(const _Step.anyIndex());
      } else if (index != null && index >= 0 && RegExp(r'^[0-9]+$').hasMatch(inner)) {
        steps.add(_Step.index(index));
      } else {
        fail('[$inner]: expected [*], [N] or ["key"]');
      }
      i = close + 1;
    }
    return HkPathPattern._(text, steps);
  }

  /// The root name: `call`, `message` or `reply`.
  String get root => _steps.first.key ?? '';

  bool _matches(List<Object> path) {
    if (path.length != _steps.length) return false;
    for (var i = 0; i < path.length; i++) {
      if (!_steps[i].fits(path[i])) return false;
    }
    return true;
  }
}

/// What a value at a matched path must be instead of equal.
class HkValueMatcher {
  const HkValueMatcher._(this.name, [this.argument]);

  /// `ignore`, `any`, `int`, `number`, `string`, `uuid`, `regex` or `within`.
  final String name;

  /// The pattern of `regex:`, the tolerance of `within:`.
  final Object? argument;

  static const String names = 'ignore, any, int, number, string, uuid, regex:PATTERN, within:N';

  /// Reads a matcher's text; [HkMatcherException] naming the matchers there are.
  factory HkValueMatcher.parse(String text) {
    const plain = ['ignore', 'any', 'int', 'number', 'string', 'uuid'];
    if (plain.contains(text)) return HkValueMatcher._(text);
    if (text.startsWith('regex:')) {
      final pattern = text.substring('regex:'.length);
      try {
        return HkValueMatcher._('regex', RegExp('^(?:$pattern)\$'));
      } on FormatException {
        throw HkMatcherException('"$text": not a regular expression');
      }
    }
    if (text.startsWith('within:')) {
      final tolerance = double.tryParse(text.substring('within:'.length));
      if (tolerance == null || tolerance < 0 || !tolerance.isFinite) {
        throw HkMatcherException('"$text": within: takes a number ≥ 0, e.g. within:1000');
      }
      return HkValueMatcher._('within', tolerance);
    }
    throw HkMatcherException('unknown matcher "$text": expected $names');
  }

  bool get isUuid => name == 'uuid';

  /// Whether [actual] passes given the recorded [expected] ([absent] stands for a missing
  /// value on either side).
  bool accepts(Object? expected, Object? actual) {
    if (name == 'ignore') return true;
    if (identical(actual, absent)) return false;
    switch (name) {
      case 'any':
        return true;
      case 'int':
        return actual is int || actual is HkInt64 || actual is HkLargeInt;
      case 'number':
        return _number(actual) != null;
      case 'string':
        return actual is String;
      case 'uuid':
        return actual is String && isUuidText(actual);
      case 'regex':
        return actual is String && (argument as RegExp).hasMatch(actual);
      case 'within':
        final e = _number(expected);
        final a = _number(actual);
        return e != null && a != null && (e - a).abs() <= (argument as double);
    }
    return false;
  }

  /// How a failure names the matcher: `a uuid`, `a number within 1000.0 of the recorded one`.
  String get description {
    switch (name) {
      case 'any':
        return 'any value';
      case 'int':
        return 'an int';
      case 'number':
        return 'a number';
      case 'string':
        return 'a string';
      case 'uuid':
        return 'a uuid';
      case 'regex':
        final source = (argument as RegExp).pattern;
        return 'a string matching /${source.substring(4, source.length - 2)}/';
      case 'within':
        return 'a number within $argument of the recorded one';
    }
    return name;
  }

  static num? _number(Object? v) => v is HkInt64 ? v.value : (v is num ? v : null);
}

/// Stands for a value missing on one side of a comparison.
const Object absent = _Absent();

class _Absent {
  const _Absent();
  @override
  String toString() => '(absent)';
}

/// Whether [s] is `8-4-4-4-12` hex digits, either case.
bool isUuidText(String s) => RegExp(r'^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$')
    .hasMatch(s);

/// A `match` object (an exchange's, or the header's merged with an exchange's): path pattern →
/// matcher, in order; the last pattern that fits a path wins.
class HkValueMatchers {
  const HkValueMatchers._(this._rules);

  static const HkValueMatchers none = HkValueMatchers._([]);

  final List<MapEntry<HkPathPattern, HkValueMatcher>> _rules;

  bool get isEmpty => _rules.isEmpty;

  /// Whether any rule is a `uuid` matcher on the reply (the file then binds values).
  bool get binds => _rules.any((r) => r.value.isUuid && r.key.root == 'reply');

  /// Reads `{"path": "matcher", ...}` (parsed JSON); [HkMatcherException] naming what is wrong.
  factory HkValueMatchers.parse(Object? json) {
    if (json is! Map) {
      throw const HkMatcherException('"match" must be an object of path → matcher');
    }
    final rules = <MapEntry<HkPathPattern, HkValueMatcher>>[];
    for (final entry in json.entries) {
      final path = entry.key;
      final text = entry.value;
      if (path is! String || text is! String) {
        throw const HkMatcherException('"match" maps path strings to matcher strings');
      }
      final pattern = HkPathPattern.parse(path);
      if (!const ['call', 'message', 'reply'].contains(pattern.root)) {
        throw HkMatcherException('path "$path": starts with call, message or reply');
      }
      try {
        rules.add(MapEntry(pattern, HkValueMatcher.parse(text)));
      } on HkMatcherException catch (e) {
        throw HkMatcherException('path "$path": ${e.message}');
      }
    }
    return HkValueMatchers._(List.unmodifiable(rules));
  }

  /// These rules, then [other]'s (which win where both fit).
  HkValueMatchers merged(HkValueMatchers? other) =>
      other == null || other.isEmpty ? this : HkValueMatchers._([..._rules, ...other._rules]);

  HkValueMatcher? _matcherFor(List<Object> path) {
    HkValueMatcher? found;
    for (final rule in _rules) {
      if (rule.key._matches(path)) found = rule.value;
    }
    return found;
  }
}

/// Recorded values bound to the values the emulator answered (../../matchers.md, "Binding"):
/// compared case-insensitively, as HealthKit parses uuids.
class HkBindings {
  final Map<String, String> _bound = {};
  final Map<String, String> _recordedFor = {};

  bool get isEmpty => _bound.isEmpty;

  /// The emulator's value bound to the recorded [value], or null.
  String? operator [](String value) => _bound[value.toLowerCase()];

  /// The recorded value bound to the emulator's [value], or null.
  String? recordedFor(String value) => _recordedFor[value.toLowerCase()];

  /// Binds [recorded] to [actual]. The caller checks first that neither is bound yet.
  void bind(String recorded, String actual) {
    _bound[recorded.toLowerCase()] = actual;
    _recordedFor[actual.toLowerCase()] = recorded;
  }

  /// [value] with every bound string replaced by its bound value: the value itself, map values
  /// and list elements at any depth (map keys stay as they are). Returns [value] itself (the
  /// same object) when nothing was replaced.
  Object? substitute(Object? value) {
    if (_bound.isEmpty) return value;
    if (value is String) return this[value] ?? value;
    if (value is HkExt) {
      final inner = substitute(value.value);
      return identical(inner, value.value) ? value : HkExt(value.tag, inner);
    }
    if (value is List && value is! TypedData) {
      var changed = false;
      final out = <Object?>[];
      for (final e in value) {
        final s = substitute(e);
        changed = changed || !identical(s, e);
        out.add(s);
      }
      return changed ? out : value;
    }
    if (value is Map) {
      var changed = false;
      final out = <Object?, Object?>{};
      for (final e in value.entries) {
        final s = substitute(e.value);
        changed = changed || !identical(s, e.value);
        out[e.key] = s;
      }
      return changed ? out : value;
    }
    return value;
  }
}

/// One value that differs: its path, and why.
class HkValueDifference {
  const HkValueDifference(this.path, this.text);
  final String path;
  final String text;

  @override
  String toString() => '$path: $text';
}

/// Walks the recorded [expected] and the emulator's [actual] side by side under [root] (e.g.
/// `reply`) and lists where they differ, as Dart's `equals` sees them, honouring [matchers]
/// and [bindings]: a value whose matcher is `uuid` binds the recorded string to the actual
/// one (or, when already bound, must be its bound value), and a recorded string that is bound
/// must be its bound value. Values are as the codec decodes them with `preserveWidths`
/// (and typed JSON reads them); [absent] is a missing value.
List<HkValueDifference> hkValueDifferences(Object? expected, Object? actual,
    {String root = 'reply', HkValueMatchers matchers = HkValueMatchers.none, HkBindings? bindings}) {
  final out = <HkValueDifference>[];
  _walk(expected, actual, [root], matchers, bindings, out);
  return out;
}

void _walk(Object? e, Object? a, List<Object> path, HkValueMatchers matchers,
    HkBindings? bindings, List<HkValueDifference> out) {
  void differ(String why) => out.add(HkValueDifference(pathText(path), why));
  final matcher = matchers._matcherFor(path);
  if (matcher != null) {
    if (!matcher.accepts(e, a)) {
      differ('expected ${matcher.description}, got ${_show(a)}');
      return;
    }
    if (matcher.isUuid && bindings != null && e is String && a is String) {
      final bound = bindings[e];
      if (bound != null) {
        if (bound.toLowerCase() != a.toLowerCase()) {
          differ('expected $bound (the value ${_show(e)} is bound to), got ${_show(a)}');
        }
      } else {
        final other = bindings.recordedFor(a);
        if (other != null && other.toLowerCase() != e.toLowerCase()) {
          differ('got ${_show(a)}, which is already bound to the recorded ${_show(other)}, '
              'not ${_show(e)}');
        } else {
          bindings.bind(e, a);
        }
      }
    }
    return;
  }
  if (identical(e, absent) || identical(a, absent)) {
    if (!identical(e, a)) differ('expected ${_show(e)}, got ${_show(a)}');
    return;
  }
  if (e is String && bindings != null) {
    final bound = bindings[e];
    if (bound != null) {
      if (a is! String || a.toLowerCase() != bound.toLowerCase()) {
        differ('expected $bound (the value ${_show(e)} is bound to), got ${_show(a)}');
      }
      return;
    }
  }
  if (e is List && a is List && e is! TypedData && a is! TypedData) {
    final n = e.length > a.length ? e.length : a.length;
    for (var i = 0; i < n; i++) {
      _walk(i < e.length ? e[i] : absent, i < a.length ? a[i] : absent, [...path, i], matchers,
          bindings, out);
    }
    return;
  }
  if (e is Map && a is Map) {
    for (final entry in e.entries) {
      final key = _findKey(a, entry.key);
      _walk(entry.value, key == null ? absent : a[key.value], [...path, _step(entry.key)],
          matchers, bindings, out);
    }
    for (final entry in a.entries) {
      if (_findKey(e, entry.key) == null) {
        _walk(absent, entry.value, [...path, _step(entry.key)], matchers, bindings, out);
      }
    }
    return;
  }
  if (!hkValuesEqual(appView(e), appView(a))) differ('expected ${_show(e)}, got ${_show(a)}');
}

/// The key of [map] equal to [key] (as Dart's `equals` sees keys), wrapped; null when none.
MapEntry<Object?, Object?>? _findKey(Map<Object?, Object?> map, Object? key) {
  if (map.containsKey(key)) return MapEntry(key, key);
  for (final k in map.keys) {
    if (hkValuesEqual(appView(k), appView(key))) return MapEntry(k, k);
  }
  return null;
}

Object _step(Object? key) => key is String ? key : _OtherKey(_show(key));

/// The text of a concrete path: `reply.ok[0].uuid`, `call.args["odd key"]`.
String pathText(List<Object> path) {
  final out = StringBuffer();
  for (final step in path) {
    if (step is int) {
      out.write('[$step]');
    } else if (step is _OtherKey) {
      out.write('[${step.json}]');
    } else {
      final name = step as String;
      final plain = RegExp(r'^[A-Za-z_][A-Za-z0-9_]*$').hasMatch(name);
      if (out.isEmpty && plain) {
        out.write(name);
      } else if (plain) {
        out.write('.$name');
      } else {
        out.write('[${encodeTypedJson(name)}]');
      }
    }
  }
  return out.toString();
}

/// A value as a Dart app decodes it: an [HkInt64] is an int, an [HkLargeInt] its text.
Object? appView(Object? value) {
  if (value is HkInt64) return value.value;
  if (value is HkLargeInt) return value.hex;
  if (value is HkExt) return HkExt(value.tag, appView(value.value));
  if (value is List && value is! TypedData) return [for (final e in value) appView(e)];
  if (value is Map) {
    return <Object?, Object?>{for (final e in value.entries) appView(e.key): appView(e.value)};
  }
  return value;
}

String _show(Object? value) {
  if (identical(value, absent)) return '(absent)';
  try {
    return encodeTypedJson(value);
  } on ArgumentError {
    return '$value';
  }
}
