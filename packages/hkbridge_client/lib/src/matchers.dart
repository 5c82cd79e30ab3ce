// Matchers and bindings of a replay (../../protocol/matchers.md), as `hkbridge replay` applies them:
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
      if (!const ['call', 'message', 'reply', 'event'].contains(pattern.root)) {
        throw HkMatcherException('path "$path": starts with call, message, reply or event');
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

/// Recorded ids bound to the ids the emulator answered (../../protocol/matchers.md, "Binding"),
/// each with the line that bound it; ids compare case-insensitively, as HealthKit reads uuids.
class HkBindings {
  final Map<String, _Binding> _byRecorded = {};
  final Map<String, String> _recordedByValue = {};

  /// The line whose reply binds (set by the replay before each comparison).
  int line = 0;

  bool get isEmpty => _byRecorded.isEmpty;

  /// The emulator's value bound to the recorded [id], or null.
  String? operator [](String id) => _byRecorded[id.toUpperCase()]?.value;

  /// Binds the recorded [id] to [actual] (both uuids) at [line]; null when the path passes, else
  /// what it expected instead: a bound id must come back as its bound value, and a value already
  /// bound to another recorded id binds nothing.
  String? bind(String id, String actual, {int? line}) {
    final key = id.toUpperCase();
    final existing = _byRecorded[key];
    if (existing != null) {
      return existing.value.toUpperCase() == actual.toUpperCase() ? null : existing.expected(id);
    }
    final other = _recordedByValue[actual.toUpperCase()];
    if (other != null) {
      final binding = _byRecorded[other]!;
      return 'a uuid not bound to another recorded id ("$actual" is bound to '
          '"${binding.recorded}" at line ${binding.line})';
    }
    _byRecorded[key] = _Binding(id, actual, line ?? this.line);
    _recordedByValue[actual.toUpperCase()] = key;
    return null;
  }

  /// [value] with every bound id replaced by its bound value: the value itself, map values and
  /// list elements at any depth (not map keys); lower-cased when the recorded string has
  /// lower-case letters only. Returns [value] itself (the same object) when nothing changed.
  Object? substitute(Object? value) {
    if (_byRecorded.isEmpty) return value;
    if (value is String) {
      final bound = this[value];
      if (bound == null) return value;
      final lower = value.toLowerCase() == value && value.toUpperCase() != value;
      final sent = lower ? bound.toLowerCase() : bound;
      return sent == value ? value : sent;
    }
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

class _Binding {
  const _Binding(this.recorded, this.value, this.line);
  final String recorded;
  final String value;
  final int line;

  /// What a path that holds the recorded id [id] expected.
  String expected(String id) => '"$value" (bound to "$id" at line $line)';

  bool matches(Object? actual) =>
      actual is String && actual.toUpperCase() == value.toUpperCase();
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
  void differ(String expected) =>
      out.add(HkValueDifference(pathText(path), 'expected $expected, got ${_show(a)}'));
  final matcher = matchers._matcherFor(path);
  if (matcher != null) {
    if (matcher.isUuid &&
        bindings != null &&
        e is String &&
        isUuidText(e) &&
        a is String &&
        isUuidText(a)) {
      final expected = bindings.bind(e, a);
      if (expected != null) differ(expected);
      return;
    }
    if (!matcher.accepts(e, a)) differ(matcher.description);
    return;
  }
  if (e is String && bindings != null) {
    final bound = bindings._byRecorded[e.toUpperCase()];
    if (bound != null) {
      if (!bound.matches(a)) differ(bound.expected(e));
      return;
    }
  }
  if (identical(e, absent) || identical(a, absent)) {
    if (!identical(e, a)) differ(_show(e));
    return;
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
  if (!hkValuesEqual(appView(e), appView(a))) differ(_show(e));
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

/// Every concrete path of a recorded line's values ([recorded]: root name → parsed JSON), the
/// roots and inner nodes included.
List<List<Object>> hkRecordedPaths(Map<String, Object?> recorded) {
  final out = <List<Object>>[];
  void walk(Object? value, List<Object> path) {
    out.add(path);
    if (value is Map) {
      value.forEach((k, v) => walk(v, [...path, '$k']));
    } else if (value is List) {
      for (var i = 0; i < value.length; i++) {
        walk(value[i], [...path, i]);
      }
    }
  }

  recorded.forEach((root, value) {
    if (value != null || root == 'call') walk(value, [root]);
  });
  return out;
}

/// What is wrong with the first of [matchers]' paths that matches none of [paths] (a path must
/// match something recorded: ../../protocol/matchers.md#paths-that-match-nothing), or null.
/// With [onlyNear] (the header's rules), a path is reported only when a recorded path is near it.
String? hkUnmatchedPath(HkValueMatchers matchers, List<List<Object>> paths,
    {String what = 'the recorded line', bool onlyNear = false}) {
  for (final rule in matchers._rules) {
    final pattern = rule.key;
    if (paths.any(pattern._matches)) continue;
    final candidates = {
      for (final p in paths)
        if (p.first == pattern.root) pathText(p).replaceAll(RegExp(r'\[[0-9]+\]'), '[*]')
    }.toList()
      ..sort();
    final near = _nearest(pattern.text, candidates);
    if (onlyNear && near == null) continue;
    return 'match path "${pattern.text}" matches nothing in $what'
        '${near == null ? '' : '; the nearest path is "$near"'} (protocol/matchers.md)';
  }
  return null;
}

/// The one name of [names] within a few edits of [text] (1 up to 3 characters, else 2; a swap
/// of neighbours is one edit), or null when none or two are equally near.
String? _nearest(String text, List<String> names) {
  final limit = text.length <= 3 ? 1 : 2;
  var best = limit + 1;
  final found = <String>[];
  for (final name in names) {
    if (name == text) continue;
    final d = _distance(text.toLowerCase(), name.toLowerCase());
    if (d > limit) continue;
    if (d < best) {
      best = d;
      found
        ..clear()
        ..add(name);
    } else if (d == best) {
      found.add(name);
    }
  }
  return found.length == 1 ? found.single : null;
}

int _distance(String a, String b) {
  final d = List.generate(a.length + 1, (i) => List.filled(b.length + 1, 0));
  for (var i = 0; i <= a.length; i++) {
    d[i][0] = i;
  }
  for (var j = 0; j <= b.length; j++) {
    d[0][j] = j;
  }
  for (var i = 1; i <= a.length; i++) {
    for (var j = 1; j <= b.length; j++) {
      final cost = a[i - 1] == b[j - 1] ? 0 : 1;
      var v = [d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost].reduce((x, y) => x < y ? x : y);
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v) {
        v = d[i - 2][j - 2] + 1;
      }
      d[i][j] = v;
    }
  }
  return d[a.length][b.length];
}
