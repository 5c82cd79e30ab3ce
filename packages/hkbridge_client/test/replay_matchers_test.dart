// The Dart replay honours matchers, bindings and `at` as `hkbridge replay` does
// (../../protocol/matchers.md, ../../protocol/transcripts.md): device-shaped recordings (random
// upper-case uuids sent back later, `at` on every exchange, the app's bundle id, a custom
// channel, header matchers) pass, and a copy with one changed reply fails.

import 'dart:io';

import 'package:hkbridge_client/hkbridge_client.dart';
import 'package:test/test.dart';

import 'binary.dart';

const deviceRecording = '../../examples/device-recording.jsonl';
const deviceUuids = 'test/fixtures/device-uuids.jsonl';

Future<HkReplayResult> replayText(String name, String text) =>
    hkReplayTranscript(HkTranscript.parse(name, text), onStderr: (_) {});

List<String> linesOf(String path) => File(path).readAsLinesSync();

/// [lines] with line [number] (1-based) passed through [edit].
String edited(List<String> lines, int number, String Function(String) edit) =>
    [for (var i = 0; i < lines.length; i++) i == number - 1 ? edit(lines[i]) : lines[i]]
        .join('\n');

void main() {
  final binary = hkbridgeBinary();
  final skip = binary == null ? 'no hkbridge binary (set HKBRIDGE)' : null;

  group('replay of device recordings', () {
    test('examples/device-recording.jsonl passes (header and line matchers)', () async {
      final result = await replayText(deviceRecording, File(deviceRecording).readAsStringSync());
      expect(result.failures, isEmpty);
      expect(result.summary, '4 passed, 0 failed');
    });

    test('a copy with one changed reply fails that line only', () async {
      final text = edited(linesOf(deviceRecording), 6, (l) => l.replaceFirst('NOT_FOUND', 'GONE'));
      final result = await replayText('changed.jsonl', text);
      expect(result.summary, '3 passed, 1 failed');
      expect(result.failures.single.line, 6);
      expect(result.failures.single.why, 'reply.error.code: expected "GONE", got "NOT_FOUND"');
    });

    test('a matcher leaves the rest compared: a changed hkType still fails', () async {
      final text = edited(linesOf(deviceRecording), 4,
          (l) => l.replaceFirst('"hkType": "HKCategoryTypeIdentifierMindfulSession"', '"hkType": "X"'));
      final result = await replayText('changed.jsonl', text);
      expect(result.failures.single.line, 4);
      expect(result.failures.single.why, contains('reply.ok.hkType: expected "X"'));
    });

    test('uuids bound from replies are sent back, `at` moves the clock, bundleId is the source',
        () async {
      final result = await replayText(deviceUuids, File(deviceUuids).readAsStringSync());
      expect(result.failures, isEmpty);
      expect(result.summary, '5 passed, 0 failed');
    });

    test('one changed reply after a binding fails with exit-1 semantics (one failure)', () async {
      final text = edited(linesOf(deviceUuids), 5, (l) => l.replaceFirst('{"\$int64": 1}', '{"\$int64": 2}'));
      final result = await replayText('changed.jsonl', text);
      expect(result.summary, '4 passed, 1 failed');
      expect(result.failures.single.why, r'reply.ok: expected {"$int64": 2}, got {"$int64": 1}');
    });

    test('a uuid that was never bound is sent as recorded (and the emulator does not know it)',
        () async {
      final text = edited(linesOf(deviceUuids), 5,
          (l) => l.replaceFirst('6f9619ff-8b86-4011-b42d-00c04fc964ff', '3F2504E0-4F89-41D3-9A0C-0305E82C3301'));
      final result = await replayText('unbound.jsonl', text);
      expect(result.failures.map((f) => f.line), [5, 6]);
      expect(result.failures.first.why, contains('reply.error: expected (absent), got {"code": "NOT_FOUND"'));
    });

    test('a bound value in a later reply must be its bound value', () async {
      // Line 4 read back the sample whose uuid line 3 bound; a recorded uuid in its place that
      // is not the bound one is a failure, even under the uuid matcher.
      final text = edited(linesOf(deviceUuids), 4,
          (l) => l.replaceFirst('6F9619FF-8B86-4011-B42D-00C04FC964FF', '3F2504E0-4F89-41D3-9A0C-0305E82C3301'));
      final result = await replayText('rebound.jsonl', text);
      expect(result.failures.first.line, 4);
      expect(
          result.failures.first.why,
          'reply.ok[0].uuid: expected a uuid not bound to another recorded id '
          '("00000000-0000-4000-8000-000000000001" is bound to '
          '"6F9619FF-8B86-4011-B42D-00C04FC964FF" at line 3), '
          'got "00000000-0000-4000-8000-000000000001"');
    });

    test('the header bundleId makes the emulated app that app (source.bundleId)', () async {
      final text = edited(linesOf(deviceUuids), 1, (l) => l.replaceFirst('com.acme.mindful', 'com.other.app'));
      final result = await replayText('bundle.jsonl', text);
      expect(result.failures.single.line, 4);
      expect(result.failures.single.why,
          'reply.ok[0].source.bundleId: expected "com.acme.mindful", got "com.other.app"');
    });

    test('an `at` earlier than the emulator clock is a transcript error naming the line',
        () async {
      // 2023: before the emulator's 2024-01-01 start.
      final text = edited(linesOf(deviceUuids), 2, (l) => l.replaceFirst('1732531200000', '1700000000000'));
      await expectLater(
          replayText('early.jsonl', text),
          throwsA(isA<HkTranscriptFormatException>()
              .having((e) => e.line, 'line', 2)
              .having((e) => e.message, 'message',
                  startsWith('"at" 1700000000000 (2023-11-14T22:13:20.000Z) is earlier than the '
                      "emulator's clock 1704067200000 (2024-01-01T00:00:00.000Z)"))));
    });

    test('`at` going back in time is refused before anything runs', () {
      final text = edited(linesOf(deviceUuids), 4, (l) => l.replaceFirst('1732531390000', '1732531200000'));
      expect(
          () => HkTranscript.parse('back.jsonl', text),
          throwsA(isA<HkTranscriptFormatException>().having((e) => '$e', 'text',
              'back.jsonl:4: "at" 1732531200000 is earlier than line 3\'s 1732531382500: the '
              'times of a transcript never go back')));
    });

    test('a recorded id in lower case is sent lower-cased, bound in upper case', () async {
      // Line 5 recorded the id lower-case: the emulator's id is sent lower-case (and found).
      final lines = linesOf(deviceUuids);
      final t = HkTranscript.parse('t', lines.join('\n'));
      final bindings = HkBindings()
        ..bind('6F9619FF-8B86-4011-B42D-00C04FC964FF', 'ABCDEF00-0000-4000-8000-000000000001', line: 3);
      final sent = const HkMethodCodec()
          .decodeMethodCallBytes(t.exchanges[3].payloadWith(bindings)!);
      expect(sent.arguments, {
        'uuids': ['abcdef00-0000-4000-8000-000000000001']
      });
      // Nothing bound: the recorded bytes, verbatim.
      expect(identical(t.exchanges[3].payloadWith(HkBindings()), t.exchanges[3].payload), isTrue);
    });
  }, skip: skip);

  group('reading matchers and at', () {
    HkTranscriptFormatException errorOf(String text) {
      try {
        HkTranscript.parse('t.jsonl', text);
      } on HkTranscriptFormatException catch (e) {
        return e;
      }
      fail('no HkTranscriptFormatException for $text');
    }

    const line = '{"channel": "c", "call": {"method": "m", "args": null}, "reply": {"ok": 1}';

    test('an unknown matcher names the line and the matchers there are', () {
      final e = errorOf('{"note": "n"}\n$line, "match": {"reply.ok": "uuids"}}');
      expect(e.line, 2);
      expect(e.message, 'path "reply.ok": unknown matcher "uuids": expected ${HkValueMatcher.names}');
    });

    test('a path outside call, message and reply; a bad step; a bad within; a bad regex', () {
      expect(errorOf('$line, "match": {"ok": "any"}}').message,
          'path "ok": starts with call, message, reply or event');
      expect(errorOf('$line, "match": {"reply.ok[x]": "any"}}').message,
          'path "reply.ok[x]": [x]: expected [*], [N] or ["key"]');
      expect(errorOf('$line, "match": {"reply.ok": "within:-1"}}').message,
          'path "reply.ok": "within:-1": within: takes a number ≥ 0, e.g. within:1000');
      expect(errorOf('$line, "match": {"reply.ok": "regex:("}}').message,
          'path "reply.ok": "regex:(": not a regular expression');
      expect(errorOf('{"hkbridge": {"match": []}}').message,
          '"match" must be an object of path → matcher');
    });

    test('"at" is an integer from 0 to 9999-12-31; the header identity is checked', () {
      expect(errorOf('$line, "at": "noon"}').message,
          '"at" must be the client\'s clock in milliseconds since 1970, an integer from 0 to '
          '253402300799999, not "noon"');
      expect(errorOf('$line, "at": 253402300800000}').line, 1);
      expect(errorOf('{"hkbridge": {"bundleId": "com.example app"}}').message,
          '"hkbridge"."bundleId" must be a non-empty identifier without spaces, like '
          '"com.example.app"');
      expect(errorOf('{"hkbridge": {"appName": ""}}').message,
          '"hkbridge"."appName" must be a non-empty name');
      expect(errorOf('\n\n').message, 'empty transcript (no exchange and no header)');
      expect(HkTranscript.parse('t', '{"hkbridge": {}}').exchanges, isEmpty);
      expect(HkTranscript.parse('t', '$line, "at": 5}').exchanges.single.at, 5);
    });

    test('the header reads bundleId and appName', () {
      final t = HkTranscript.parse('t', '{"hkbridge": {"bundleId": "b", "appName": "A"}}');
      expect(t.header!.bundleId, 'b');
      expect(t.header!.appName, 'A');
    });
  });

  group('hkValueDifferences', () {
    final matchers = HkValueMatchers.parse({
      r'$.reply.ok[*].uuid': 'uuid',
      'reply.ok[*].start': 'within:1000',
      'reply.ok[*]["odd key"]': 'regex:a+',
      'reply.ok[*].n': 'int',
      'reply.ok[*].gone': 'ignore',
    });

    test('each matcher passes what it says and names itself when it fails', () {
      final expected = {
        'ok': [
          {'uuid': 'X', 'start': 1000, 'odd key': 'a', 'n': 1, 'gone': 1}
        ]
      };
      expect(
          hkValueDifferences(expected, {
            'ok': [
              {'uuid': '6F9619FF-8B86-4011-B42D-00C04FC964FF', 'start': 1999, 'odd key': 'aaa', 'n': const HkInt64(3)}
            ]
          }),
          isNotEmpty); // without matchers they differ
      expect(
          hkValueDifferences(
              expected,
              {
                'ok': [
                  {'uuid': '6f9619ff-8b86-4011-b42d-00c04fc964ff', 'start': 1999, 'odd key': 'aaa', 'n': const HkInt64(3)}
                ]
              },
              matchers: matchers),
          isEmpty);
      expect(
          hkValueDifferences(
                  expected,
                  {
                    'ok': [
                      {'uuid': 'nope', 'start': 2001, 'odd key': 'b', 'n': 1.5, 'gone': 2}
                    ]
                  },
                  matchers: matchers)
              .map((d) => '$d'),
          [
            'reply.ok[0].uuid: expected a uuid, got "nope"',
            'reply.ok[0].start: expected a number within 1000.0 of the recorded one, got 2001',
            'reply.ok[0]["odd key"]: expected a string matching /a+/, got "b"',
            'reply.ok[0].n: expected an int, got 1.5',
          ]);
    });

    test('a uuid matcher binds; the bound value then compares equal anywhere, case aside', () {
      final bindings = HkBindings();
      final m = HkValueMatchers.parse({'reply.ok.uuid': 'uuid'});
      expect(
          hkValueDifferences({'ok': {'uuid': 'AAAAAAAA-0000-4000-8000-000000000001'}},
              {'ok': {'uuid': '00000000-0000-4000-8000-000000000001'}},
              matchers: m, bindings: bindings),
          isEmpty);
      expect(bindings['aaaaaaaa-0000-4000-8000-000000000001'], '00000000-0000-4000-8000-000000000001');
      // Later, without a matcher: the recorded value stands for its bound value.
      expect(
          hkValueDifferences({'ok': ['AAAAAAAA-0000-4000-8000-000000000001']},
              {'ok': ['00000000-0000-4000-8000-000000000001']}, bindings: bindings),
          isEmpty);
      expect(
          hkValueDifferences({'ok': ['AAAAAAAA-0000-4000-8000-000000000001']},
                  {'ok': ['00000000-0000-4000-8000-000000000002']}, bindings: bindings)
              .single
              .text,
          'expected "00000000-0000-4000-8000-000000000001" (bound to '
          '"AAAAAAAA-0000-4000-8000-000000000001" at line 0), got '
          '"00000000-0000-4000-8000-000000000002"');
      // Bound twice: the same recorded value must meet the same emulator value.
      expect(
          hkValueDifferences({'ok': {'uuid': 'AAAAAAAA-0000-4000-8000-000000000001'}},
                  {'ok': {'uuid': '00000000-0000-4000-8000-000000000009'}},
                  matchers: m, bindings: bindings)
              .single
              .path,
          'reply.ok.uuid');
    });

    test('substitution reaches map values and list elements at any depth, never keys', () {
      final bindings = HkBindings()..bind('AAAA', 'b1');
      final args = {
        'aaaa': 'aaaa',
        'l': [
          {'x': 'AaAa'},
          'AAAA',
          1
        ]
      };
      expect(bindings.substitute(args), {
        'aaaa': 'b1',
        'l': [
          {'x': 'b1'},
          'b1',
          1
        ]
      });
      final untouched = {'k': 'other'};
      expect(identical(bindings.substitute(untouched), untouched), isTrue);
    });
  });
}
