// Golden tests of a plugin's live traffic: what the plugin's Dart code sends now, recorded
// against the emulator, compared with a golden transcript; rewritten only when asked
// (HKBRIDGE_UPDATE_GOLDENS=1, as `flutter test --update-goldens`). ../../protocol/goldens.md.

import 'dart:convert';
import 'dart:io';

import 'matchers.dart' show hkValueDifferences;

/// The environment variable that makes golden checks rewrite their files instead of comparing
/// (`1`, `true` or `yes`).
const String hkUpdateGoldensVariable = 'HKBRIDGE_UPDATE_GOLDENS';

/// Whether [environment] (this process's when null) asks for goldens to be rewritten.
bool hkUpdateGoldensRequested([Map<String, String>? environment]) {
  final value = (environment ?? Platform.environment)[hkUpdateGoldensVariable];
  return value != null && const {'1', 'true', 'yes'}.contains(value.toLowerCase());
}

/// The live traffic differs from the golden file: [message] is the diff, each differing line
/// as `FAIL path:line` with the differing values by path (as `hkbridge replay` prints them).
class HkGoldenMismatch implements Exception {
  HkGoldenMismatch(this.path, this.failures)
      : message = [
          ...failures,
          '$path: ${failures.length} differing line(s); '
              '$hkUpdateGoldensVariable=1 rewrites it (review the diff before committing)',
        ].join('\n');

  final String path;

  /// One block a difference, each starting `FAIL path:line`.
  final List<String> failures;
  final String message;

  @override
  String toString() => 'HkGoldenMismatch:\n$message';
}

/// A golden file checked against the lines recorded in this run: give [add] to the recorder
/// (`HkRecorder(onLine: golden.add)`), make the calls, then [check].
///
/// Lines compared: the header without its `version` (so a newer hkbridge that answers the same
/// passes), then every exchange and event line in order, `at` left out. `note` lines in the
/// file are not compared, and a rewrite keeps each before the same exchange.
class HkGolden {
  HkGolden(this.path, {bool? update}) : update = update ?? hkUpdateGoldensRequested();

  /// The golden file.
  final String path;

  /// Rewrite [path] with the recorded lines instead of comparing ([hkUpdateGoldensVariable]).
  final bool update;

  /// The lines recorded in this run, header first.
  final List<String> lines = [];

  /// Takes one recorded line (no newline).
  void add(String line) => lines.add(line);

  /// Compares [lines] with [path]: returns normally when they are the same, throws
  /// [HkGoldenMismatch] naming every difference when not (or when [path] does not exist).
  /// With [update], writes [lines] to [path] instead (notes kept) and returns what it rewrote.
  String check() {
    final file = File(path);
    final exists = file.existsSync();
    final text = exists ? file.readAsStringSync() : '';
    final failures = exists
        ? hkGoldenDifferences(path, text, lines)
        : ['FAIL $path:1\n  no golden file: the run recorded ${lines.length} line(s)'];
    if (!update) {
      if (failures.isNotEmpty) throw HkGoldenMismatch(path, failures);
      return '$path: same';
    }
    if (failures.isEmpty) return '$path: same, not rewritten';
    file.parent.createSync(recursive: true);
    file.writeAsStringSync(hkGoldenRewrite(text, lines).map((l) => '$l\n').join());
    final what = exists ? 'rewrote $path (${failures.length} differing line(s))' : 'wrote $path';
    stderr.writeln('hkbridge golden: $what');
    return what;
  }
}

bool _isNote(Map<String, Object?> line) => line.length == 1 && line.containsKey('note');

Map<String, Object?> _decode(String line) {
  final value = jsonDecode(line);
  return value is Map<String, Object?> ? value : {'line': value};
}

/// The differences between a golden file's [text] and the [actual] lines of a run, one
/// `FAIL path:line` block each (empty: the same). See [HkGolden] for what is compared.
List<String> hkGoldenDifferences(String path, String text, List<String> actual) {
  final expected = <MapEntry<int, Map<String, Object?>>>[];
  final lines = const LineSplitter().convert(text);
  for (var i = 0; i < lines.length; i++) {
    if (lines[i].trim().isEmpty) continue;
    final Map<String, Object?> value;
    try {
      value = _decode(lines[i]);
    } on FormatException catch (e) {
      return ['FAIL $path:${i + 1}\n  not a JSON line: ${e.message}'];
    }
    if (!_isNote(value)) expected.add(MapEntry(i + 1, value));
  }
  final got = [for (final l in actual) _decode(l)]..removeWhere(_isNote);
  final failures = <String>[];
  final n = expected.length > got.length ? expected.length : got.length;
  for (var i = 0; i < n; i++) {
    if (i >= expected.length) {
      failures.add('FAIL $path:${lines.length + 1}\n'
          '  the plugin sent more than the golden holds:\n  actual:   ${_brief(got[i])}');
      continue;
    }
    final e = expected[i];
    if (i >= got.length) {
      failures.add('FAIL $path:${e.key}\n'
          '  the plugin no longer sends this:\n  expected: ${_brief(e.value)}');
      continue;
    }
    final block = _lineDifference(path, e.key, e.value, got[i]);
    if (block != null) failures.add(block);
  }
  return failures;
}

/// The compared form of a line: the header without `version`, any line without `at`.
Map<String, Object?> _compared(Map<String, Object?> line) {
  final out = Map<String, Object?>.of(line)..remove('at');
  final header = out['hkbridge'];
  if (header is Map) out['hkbridge'] = Map<String, Object?>.of(header.cast())..remove('version');
  return out;
}

String? _lineDifference(String path, int line, Map<String, Object?> e, Map<String, Object?> a) {
  final differences = hkValueDifferences(_compared(e), _compared(a), root: 'line');
  if (differences.isEmpty) return null;
  final call = e['call'] ?? a['call'];
  final method = call is Map ? call['method'] : null;
  // A call or reply that differs also differs in its hex: name the hex only when alone.
  final values = differences.where((d) => !d.path.endsWith('Hex')).toList();
  final shown = values.isEmpty ? differences : values;
  String strip(String p) => p.startsWith('line.') ? p.substring(5) : p;
  return [
    'FAIL $path:$line',
    if (e['channel'] != null) '  channel:  ${e['channel']}',
    if (method != null) '  method:   $method',
    for (final d in shown.take(8)) '  at ${strip(d.path)}: ${d.text}',
    if (shown.length > 8) '  … ${shown.length - 8} more',
  ].join('\n');
}

String _brief(Map<String, Object?> line) {
  final text = jsonEncode(_compared(line)..removeWhere((k, _) => k.endsWith('Hex')));
  return text.length > 200 ? '${text.substring(0, 199)}…' : text;
}

/// The new text of a golden: [actual]'s lines, with the `note` lines of the old [text] each
/// kept before the same exchange (by position) and trailing notes kept at the end.
List<String> hkGoldenRewrite(String text, List<String> actual) {
  final notesBefore = <int, List<String>>{};
  var index = 0;
  for (final line in const LineSplitter().convert(text)) {
    if (line.trim().isEmpty) continue;
    Map<String, Object?> value;
    try {
      value = _decode(line);
    } on FormatException {
      continue;
    }
    if (_isNote(value)) {
      notesBefore.putIfAbsent(index, () => []).add(line);
    } else {
      index++;
    }
  }
  final out = <String>[];
  index = 0;
  for (final line in actual) {
    out.addAll(notesBefore.remove(index) ?? const []);
    out.add(line);
    index++;
  }
  for (final rest in notesBefore.values) {
    out.addAll(rest);
  }
  return out;
}
