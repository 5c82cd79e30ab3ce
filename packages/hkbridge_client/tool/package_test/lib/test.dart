// A STAND-IN for `package:test` and `package:matcher`, not the real packages. It holds only the
// part this package's tests use (group, test, setUp, tearDown, setUpAll, tearDownAll, expect,
// expectLater, and the matchers below), so that the tests run on a bare Dart VM that has no pub
// (tool/test wires it in as `package:test` through a generated package_config.json). With a Dart
// or Flutter SDK, `dart pub get` brings the real package:test, which replaces this file: the tests
// import `package:test/test.dart` either way and need no change.
//
// Running: test() and group() calls only declare; the declared tests run after main() returns,
// in order, each in its own zone (an uncaught error fails the test), with a 60 s timeout. Failures
// print their names, reasons and stack traces; the last line is `N passed, M failed` and the exit
// status is 1 when a test failed (0 otherwise). Skipped tests are counted on a line before it.

import 'dart:async';
import 'dart:io';

// MARK: declaring tests

class _Group {
  _Group(this.name, this.parent, this.skip);
  final String name;
  final _Group? parent;
  final String? skip;
  final List<Object> entries = []; // _Group or _Test
  final List<dynamic Function()> setUps = [];
  final List<dynamic Function()> tearDowns = [];
  final List<dynamic Function()> setUpAlls = [];
  final List<dynamic Function()> tearDownAlls = [];

  String fullName(String leaf) {
    final names = <String>[leaf];
    for (_Group? g = this; g != null; g = g.parent) {
      if (g.name.isNotEmpty) names.insert(0, g.name);
    }
    return names.join(' ');
  }
}

class _Test {
  _Test(this.name, this.body, this.skip, this.timeout);
  final String name;
  final dynamic Function() body;
  final String? skip;
  final Duration timeout;
}

final _Group _root = _Group('', null, null);
_Group _current = _root;
bool _scheduled = false;

void _schedule() {
  if (_scheduled) return;
  _scheduled = true;
  Timer.run(_runAll);
}

String? _skipReason(Object? skip) {
  if (skip == null || skip == false) return null;
  if (skip == true) return 'skipped';
  return skip.toString();
}

/// Declares a group of tests; [body] runs now and declares its tests.
void group(Object? description, dynamic Function() body, {Object? skip}) {
  final group = _Group('$description', _current, _skipReason(skip));
  _current.entries.add(group);
  final outer = _current;
  _current = group;
  try {
    body();
  } finally {
    _current = outer;
  }
  _schedule();
}

/// Declares a test.
void test(Object? description, dynamic Function() body, {Object? skip, Timeout? timeout}) {
  _current.entries.add(_Test('$description', body, _skipReason(skip),
      timeout?.duration ?? const Duration(seconds: 60)));
  _schedule();
}

void setUp(dynamic Function() body) => _current.setUps.add(body);

/// Runs [body] after the current test (before its group's tearDowns).
void addTearDown(dynamic Function() body) => _addedTearDowns.add(body);
final List<dynamic Function()> _addedTearDowns = [];
void tearDown(dynamic Function() body) => _current.tearDowns.add(body);
void setUpAll(dynamic Function() body) => _current.setUpAlls.add(body);
void tearDownAll(dynamic Function() body) => _current.tearDownAlls.add(body);

/// A test's time limit.
class Timeout {
  const Timeout(this.duration);
  final Duration? duration;
}

// MARK: running them

int _passed = 0;
int _failed = 0;
final List<String> _skipped = [];
_TestRun? _running;

class _TestRun {
  final List<Future<void>> outstanding = [];
  final List<String> errors = [];
}

class TestFailure implements Exception {
  TestFailure(this.message);
  final String message;
  @override
  String toString() => message;
}

Future<void> _runAll() async {
  final started = DateTime.now();
  await _runGroup(_root, null);
  final ms = DateTime.now().difference(started).inMilliseconds;
  if (_skipped.isNotEmpty) {
    stdout.writeln('${_skipped.length} skipped: ${_skipped.join('; ')}');
  }
  stdout.writeln('(${(ms / 1000).toStringAsFixed(1)} s)');
  stdout.writeln('$_passed passed, $_failed failed');
  await stdout.flush();
  exit(_failed > 0 ? 1 : 0);
}

int _countTests(_Group group) {
  var n = 0;
  for (final e in group.entries) {
    n += e is _Group ? _countTests(e) : 1;
  }
  return n;
}

List<dynamic Function()> _setUpsOf(_Group group) => [
      if (group.parent != null) ..._setUpsOf(group.parent!),
      ...group.setUps,
    ];

List<dynamic Function()> _tearDownsOf(_Group group) => [
      ...group.tearDowns.reversed,
      if (group.parent != null) ..._tearDownsOf(group.parent!),
    ];

Future<void> _runGroup(_Group group, String? inheritedSkip) async {
  final skip = inheritedSkip ?? group.skip;
  if (skip != null) {
    final n = _countTests(group);
    _skipped.add('${group.fullName('')}($n tests): $skip'.trim());
    return;
  }
  for (final body in group.setUpAlls) {
    final errors = await _guarded(body, const Duration(seconds: 60));
    if (errors.isNotEmpty) {
      final n = _countTests(group);
      _failed += n;
      _report('setUpAll of "${group.fullName('')}" (its $n tests count as failed)', errors);
      return;
    }
  }
  for (final entry in group.entries) {
    if (entry is _Group) {
      await _runGroup(entry, null);
    } else if (entry is _Test) {
      await _runTest(group, entry);
    }
  }
  for (final body in group.tearDownAlls.reversed) {
    final errors = await _guarded(body, const Duration(seconds: 60));
    if (errors.isNotEmpty) {
      _failed++;
      _report('tearDownAll of "${group.fullName('')}"', errors);
    }
  }
}

Future<void> _runTest(_Group group, _Test test) async {
  final name = group.fullName(test.name);
  if (test.skip != null) {
    _skipped.add('$name: ${test.skip}');
    return;
  }
  final errors = <String>[];
  for (final body in _setUpsOf(group)) {
    errors.addAll(await _guarded(body, test.timeout));
    if (errors.isNotEmpty) break;
  }
  if (errors.isEmpty) errors.addAll(await _guarded(test.body, test.timeout));
  final added = List.of(_addedTearDowns.reversed);
  _addedTearDowns.clear();
  for (final body in [...added, ..._tearDownsOf(group)]) {
    errors.addAll(await _guarded(body, test.timeout));
  }
  if (errors.isEmpty) {
    _passed++;
  } else {
    _failed++;
    _report(name, errors);
  }
}

void _report(String name, List<String> errors) {
  stdout.writeln('FAILED: $name');
  for (final e in errors) {
    stdout.writeln(e.split('\n').map((l) => '  $l').join('\n'));
  }
}

/// Runs [body] in its own zone and returns the errors it raised, synchronously, in its future,
/// asynchronously uncaught, or through an expectation left outstanding.
Future<List<String>> _guarded(dynamic Function() body, Duration timeout) async {
  final run = _TestRun();
  final done = Completer<void>();
  void fail(Object error, StackTrace? stack) {
    run.errors.add(error is TestFailure ? error.message : '$error\n${stack ?? ''}'.trimRight());
  }

  _running = run;
  runZonedGuarded(() async {
    try {
      await Future<void>.sync(() => body()).timeout(timeout);
      while (run.outstanding.isNotEmpty) {
        final pending = List.of(run.outstanding);
        run.outstanding.clear();
        await Future.wait(pending).timeout(timeout);
      }
    } catch (error, stack) {
      if (error is TimeoutException) {
        fail('timed out after ${timeout.inSeconds} s', null);
      } else {
        fail(error, stack);
      }
    }
    if (!done.isCompleted) done.complete();
  }, (error, stack) {
    fail(error, stack);
  });
  await done.future;
  _running = null;
  return run.errors;
}

// MARK: expectations

/// Checks [actual] against [matcher] (a [Matcher], or a value compared with [equals]). An
/// asynchronous matcher ([throwsA] on a future, [completion]) is checked before the test ends.
void expect(Object? actual, Object? matcher, {String? reason, Object? skip}) {
  if (skip != null && skip != false) return;
  final m = wrapMatcher(matcher);
  if (m is AsyncMatcher && (actual is Future || m.acceptsFunctions && actual is Function)) {
    _running?.outstanding.add(_checkAsync(actual, m, reason));
    return;
  }
  final mismatch = m.mismatch(actual);
  if (mismatch != null) _fail(actual, m, mismatch, reason);
}

/// Like [expect], and the returned future completes when the check is done.
Future<void> expectLater(Object? actual, Object? matcher, {String? reason}) {
  final m = wrapMatcher(matcher);
  if (m is AsyncMatcher) return _checkAsync(actual, m, reason);
  return Future.sync(() => expect(actual, m, reason: reason));
}

Future<void> _checkAsync(Object? actual, AsyncMatcher m, String? reason) async {
  final mismatch = await m.mismatchAsync(actual);
  if (mismatch != null) _fail(actual, m, mismatch, reason);
}

Never _fail(Object? actual, Matcher m, String mismatch, String? reason) {
  throw TestFailure('Expected: ${m.describe()}\n'
      '  Actual: ${_show(actual)}\n'
      '   Which: $mismatch${reason == null ? '' : '\n$reason'}');
}

/// Stops the test with [message].
Never fail(String message) => throw TestFailure(message);

String _show(Object? value) {
  if (value is String) return "'$value'";
  if (value is Function) return '<a function>';
  final text = '$value';
  return text.length > 600 ? '${text.substring(0, 600)}...' : text;
}

/// A condition on a value.
abstract class Matcher {
  const Matcher();

  /// null when [actual] matches, else why not.
  String? mismatch(Object? actual);
  String describe();
}

/// A matcher that needs to wait for a future or call a function.
abstract class AsyncMatcher extends Matcher {
  const AsyncMatcher();
  bool get acceptsFunctions => false;
  Future<String?> mismatchAsync(Object? actual);
  @override
  String? mismatch(Object? actual) => 'needs expectLater (it is asynchronous)';
}

Matcher wrapMatcher(Object? x) => x is Matcher ? x : equals(x);

class _Predicate extends Matcher {
  const _Predicate(this.test, this.description);
  final bool Function(Object? actual) test;
  final String description;
  @override
  String? mismatch(Object? actual) => test(actual) ? null : 'is not $description';
  @override
  String describe() => description;
}

Matcher predicate<T>(bool Function(T value) f, [String description = 'satisfies function']) =>
    _Predicate((a) => a is T && f(a), description);

const Matcher isNull = _Predicate(_isNull, 'null');
const Matcher isNotNull = _Predicate(_isNotNull, 'not null');
const Matcher isTrue = _Predicate(_isTrue, 'true');
const Matcher isFalse = _Predicate(_isFalse, 'false');
const Matcher anything = _Predicate(_any, 'anything');
const Matcher isEmpty = _Predicate(_isEmpty, 'empty');
const Matcher isNotEmpty = _Predicate(_isNotEmpty, 'not empty');
bool _isNull(Object? a) => a == null;
bool _isNotNull(Object? a) => a != null;
bool _isTrue(Object? a) => a == true;
bool _isFalse(Object? a) => a == false;
bool _any(Object? a) => true;
bool _isEmpty(Object? a) => (a as dynamic).isEmpty as bool;
bool _isNotEmpty(Object? a) => (a as dynamic).isNotEmpty as bool;

Matcher equals(Object? expected) => _Equals(expected);

class _Equals extends Matcher {
  const _Equals(this.expected);
  final Object? expected;
  @override
  String? mismatch(Object? actual) => _deepMismatch(expected, actual, '');
  @override
  String describe() => _show(expected);
}

/// null when equal: iterables element by element, maps by key, sets whatever the order, a
/// [Matcher] inside [expected] applied to the actual element.
String? _deepMismatch(Object? expected, Object? actual, String at) {
  final where = at.isEmpty ? '' : ' at $at';
  if (expected is Matcher) {
    final m = expected.mismatch(actual);
    return m == null ? null : '$m$where';
  }
  if (expected is Set) {
    if (actual is! Set) return 'is not a Set$where';
    if (actual.length != expected.length || !expected.every(actual.contains)) {
      return 'has other elements$where';
    }
    return null;
  }
  if (expected is Iterable) {
    if (actual is! Iterable) return 'is not an Iterable$where';
    final e = expected.toList();
    final a = actual.toList();
    for (var i = 0; i < e.length && i < a.length; i++) {
      final m = _deepMismatch(e[i], a[i], '$at[$i]');
      if (m != null) return m;
    }
    if (e.length != a.length) return 'has ${a.length} elements, not ${e.length}$where';
    return null;
  }
  if (expected is Map) {
    if (actual is! Map) return 'is not a Map$where';
    for (final key in expected.keys) {
      if (!actual.containsKey(key)) return 'has no key ${_show(key)}$where';
      final m = _deepMismatch(expected[key], actual[key], '$at[${_show(key)}]');
      if (m != null) return m;
    }
    for (final key in actual.keys) {
      if (!expected.containsKey(key)) return 'has the extra key ${_show(key)}$where';
    }
    return null;
  }
  if (expected == actual) return null;
  return 'is ${_show(actual)}$where';
}

Matcher hasLength(Object? n) => _HasLength(wrapMatcher(n));

class _HasLength extends Matcher {
  const _HasLength(this.length);
  final Matcher length;
  @override
  String? mismatch(Object? actual) {
    final n = (actual as dynamic).length;
    final m = length.mismatch(n);
    return m == null ? null : 'has length $n';
  }

  @override
  String describe() => 'an object with length ${length.describe()}';
}

Matcher contains(Object? expected) => _Contains(expected);

class _Contains extends Matcher {
  const _Contains(this.expected);
  final Object? expected;
  @override
  String? mismatch(Object? actual) {
    if (actual is String) return actual.contains(expected as Pattern) ? null : 'does not contain it';
    if (actual is Map) return actual.containsKey(expected) ? null : 'has no such key';
    if (actual is Iterable) {
      return actual.any((e) => _deepMismatch(expected, e, '') == null)
          ? null
          : 'does not contain it';
    }
    return 'is neither a String, a Map nor an Iterable';
  }

  @override
  String describe() => 'contains ${_show(expected)}';
}

Matcher containsAll(Iterable<Object?> expected) => _ContainsAll(expected);

class _ContainsAll extends Matcher {
  const _ContainsAll(this.expected);
  final Iterable<Object?> expected;
  @override
  String? mismatch(Object? actual) {
    if (actual is! Iterable) return 'is not an Iterable';
    for (final e in expected) {
      if (!actual.any((a) => _deepMismatch(e, a, '') == null)) return 'lacks ${_show(e)}';
    }
    return null;
  }

  @override
  String describe() => 'contains all of ${_show(expected)}';
}

Matcher startsWith(String prefix) =>
    _Predicate((a) => a is String && a.startsWith(prefix), "a string starting with '$prefix'");
Matcher endsWith(String suffix) =>
    _Predicate((a) => a is String && a.endsWith(suffix), "a string ending with '$suffix'");
Matcher matches(Object re) {
  final regExp = re is RegExp ? re : RegExp(re as String);
  return _Predicate((a) => a is String && regExp.hasMatch(a), 'a string matching $re');
}

Matcher greaterThan(num n) => _Predicate((a) => a is num && a > n, 'a value greater than $n');
Matcher greaterThanOrEqualTo(num n) =>
    _Predicate((a) => a is num && a >= n, 'a value greater than or equal to $n');
Matcher lessThan(num n) => _Predicate((a) => a is num && a < n, 'a value less than $n');
Matcher lessThanOrEqualTo(num n) =>
    _Predicate((a) => a is num && a <= n, 'a value less than or equal to $n');

Matcher isNot(Object? matcher) => _IsNot(wrapMatcher(matcher));

class _IsNot extends Matcher {
  const _IsNot(this.inner);
  final Matcher inner;
  @override
  String? mismatch(Object? actual) => inner.mismatch(actual) == null ? 'matches' : null;
  @override
  String describe() => 'not ${inner.describe()}';
}

Matcher allOf(Object? a, Object? b, [Object? c, Object? d]) =>
    _AllOf([a, b, if (c != null) c, if (d != null) d].map(wrapMatcher).toList());

class _AllOf extends Matcher {
  const _AllOf(this.all);
  final List<Matcher> all;
  @override
  String? mismatch(Object? actual) {
    for (final m in all) {
      final why = m.mismatch(actual);
      if (why != null) return why;
    }
    return null;
  }

  @override
  String describe() => all.map((m) => m.describe()).join(' and ');
}

/// A value of type [T], refined with [TypeMatcher.having].
TypeMatcher<T> isA<T>() => TypeMatcher<T>();

class TypeMatcher<T> extends Matcher {
  TypeMatcher([List<_Having> features = const []]) : _features = features;
  final List<_Having> _features;

  /// Also requires `feature(value)` to match [matcher]; [description] names it in failures.
  TypeMatcher<T> having(Object? Function(T value) feature, String description, Object? matcher) =>
      TypeMatcher<T>([
        ..._features,
        _Having(description, (Object? v) => feature(v as T), wrapMatcher(matcher)),
      ]);

  @override
  String? mismatch(Object? actual) {
    if (actual is! T) return 'is not an instance of $T but a ${actual.runtimeType}';
    for (final f in _features) {
      final value = f.feature(actual);
      final why = f.matcher.mismatch(value);
      if (why != null) return 'has ${f.description} ${_show(value)}, which $why';
    }
    return null;
  }

  @override
  String describe() => '<Instance of $T>'
      '${_features.map((f) => ' with `${f.description}`: ${f.matcher.describe()}').join()}';
}

class _Having {
  _Having(this.description, this.feature, this.matcher);
  final String description;
  final Object? Function(Object? value) feature;
  final Matcher matcher;
}

/// The function throws (or the future fails with) an error matching [matcher].
Matcher throwsA(Object? matcher) => _Throws(wrapMatcher(matcher));
final Matcher throws = _Throws(anything);
final Matcher throwsArgumentError = _Throws(isA<ArgumentError>());
final Matcher throwsStateError = _Throws(isA<StateError>());
final Matcher throwsFormatException = _Throws(isA<FormatException>());

class _Throws extends AsyncMatcher {
  const _Throws(this.matcher);
  final Matcher matcher;
  @override
  bool get acceptsFunctions => true;

  @override
  String? mismatch(Object? actual) {
    if (actual is Future) return super.mismatch(actual);
    if (actual is! Function) return 'is neither a function nor a future';
    try {
      final result = (actual as dynamic)();
      if (result is Future) return 'returned a Future: use expectLater';
    } catch (error) {
      final why = matcher.mismatch(error);
      return why == null ? null : 'threw ${_show(error)}, which $why';
    }
    return 'returned normally';
  }

  @override
  Future<String?> mismatchAsync(Object? actual) async {
    Future<Object?> future;
    if (actual is Future) {
      future = actual;
    } else if (actual is Function) {
      try {
        final result = (actual as dynamic)();
        if (result is! Future) return 'returned normally';
        future = result;
      } catch (error) {
        final why = matcher.mismatch(error);
        return why == null ? null : 'threw ${_show(error)}, which $why';
      }
    } else {
      return 'is neither a function nor a future';
    }
    try {
      await future;
    } catch (error) {
      final why = matcher.mismatch(error);
      return why == null ? null : 'failed with ${_show(error)}, which $why';
    }
    return 'completed normally';
  }

  @override
  String describe() => 'throws ${matcher.describe()}';
}

/// The future completes with a value matching [matcher].
Matcher completion(Object? matcher) => _Completion(wrapMatcher(matcher));
final Matcher completes = _Completion(anything);

class _Completion extends AsyncMatcher {
  const _Completion(this.matcher);
  final Matcher matcher;
  @override
  Future<String?> mismatchAsync(Object? actual) async {
    if (actual is! Future) return 'is not a Future';
    final Object? value;
    try {
      value = await actual;
    } catch (error) {
      return 'failed with ${_show(error)}';
    }
    final why = matcher.mismatch(value);
    return why == null ? null : 'completed with ${_show(value)}, which $why';
  }

  @override
  String describe() => 'completes to ${matcher.describe()}';
}

/// Every element of an iterable matches [matcher].
Matcher everyElement(Object? matcher) => _EveryElement(wrapMatcher(matcher));

class _EveryElement extends Matcher {
  const _EveryElement(this.matcher);
  final Matcher matcher;
  @override
  String? mismatch(Object? actual) {
    if (actual is! Iterable) return 'is not an Iterable';
    var i = 0;
    for (final e in actual) {
      final why = matcher.mismatch(e);
      if (why != null) return 'element $i ${_show(e)} $why';
      i++;
    }
    return null;
  }

  @override
  String describe() => 'every element ${matcher.describe()}';
}

/// A map with [key] whose value matches [value].
Matcher containsPair(Object? key, Object? value) => _ContainsPair(key, wrapMatcher(value));

class _ContainsPair extends Matcher {
  const _ContainsPair(this.key, this.value);
  final Object? key;
  final Matcher value;
  @override
  String? mismatch(Object? actual) {
    if (actual is! Map) return 'is not a Map';
    if (!actual.containsKey(key)) return 'has no key ${_show(key)}';
    final why = value.mismatch(actual[key]);
    return why == null ? null : 'has ${_show(actual[key])} at ${_show(key)}, which $why';
  }

  @override
  String describe() => 'a map with ${_show(key)}: ${value.describe()}';
}
