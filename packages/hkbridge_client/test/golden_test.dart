// Golden tests of live traffic (lib/src/golden.dart): the diff as replay prints it, notes kept
// on a rewrite, the update variable, and HkMockSession(golden:) end to end against
// `hkbridge serve` (profiles: as HkBridge.start takes them).

import 'dart:io';

import 'package:hkbridge_client/hkbridge_client.dart';
import 'package:test/test.dart';

import 'binary.dart';

const header = '{"hkbridge": {"version": "0.1.0", "channels": ["p"], "device": "iPhone"}}';
const call1 = '{"channel": "p", "call": {"method": "read", "args": {"ascending": true}}, '
    '"reply": {"ok": [1, 2]}, "callHex": "07", "replyHex": "00"}';
const call1Changed = '{"channel": "p", "call": {"method": "read", "args": {"ascending": false}}, '
    '"reply": {"ok": [2, 1]}, "callHex": "08", "replyHex": "01"}';
const call2 = '{"channel": "p", "call": {"method": "isAvailable", "args": null}, '
    '"reply": {"ok": true}, "callHex": "09", "replyHex": "0001"}';

void main() {
  group('hkGoldenDifferences', () {
    test('the same lines, notes, `at` and the header version aside, do not differ', () {
      final golden = '$header\n{"note": "why"}\n$call1\n$call2\n';
      final newer = header.replaceFirst('0.1.0', '0.2.0');
      final at = call2.replaceFirst('{"channel"', '{"at": 5, "channel"');
      expect(hkGoldenDifferences('g.jsonl', golden, [newer, call1, at]), isEmpty);
    });

    test('a changed argument is a FAIL naming the file line and the values by path', () {
      final golden = '$header\n{"note": "why"}\n$call1\n$call2\n';
      final failures = hkGoldenDifferences('g.jsonl', golden, [header, call1Changed, call2]);
      expect(failures, hasLength(1));
      expect(
          failures.single,
          'FAIL g.jsonl:3\n'
          '  channel:  p\n'
          '  method:   read\n'
          '  at call.args.ascending: expected true, got false\n'
          '  at reply.ok[0]: expected 1, got 2\n'
          '  at reply.ok[1]: expected 2, got 1');
    });

    test('a call the golden lacks, and one the plugin no longer makes', () {
      final golden = '$header\n$call1\n';
      expect(hkGoldenDifferences('g.jsonl', golden, [header, call1, call2]).single,
          startsWith('FAIL g.jsonl:3\n  the plugin sent more than the golden holds:'));
      expect(hkGoldenDifferences('g.jsonl', '$golden$call2\n', [header, call1]).single,
          startsWith('FAIL g.jsonl:3\n  the plugin no longer sends this:'));
    });

    test('a header that differs (device) is a difference at line 1', () {
      final ipad = header.replaceFirst('iPhone', 'iPad');
      expect(hkGoldenDifferences('g.jsonl', '$header\n', [ipad]).single,
          'FAIL g.jsonl:1\n  at hkbridge.device: expected "iPhone", got "iPad"');
    });

    test('only the hex differs: the hex is named', () {
      final hex = call2.replaceFirst('"0001"', '"0000"');
      expect(hkGoldenDifferences('g.jsonl', '$call2\n', [hex]).single,
          contains('at replyHex: expected "0001", got "0000"'));
    });
  });

  test('a rewrite keeps every note before the same exchange, trailing notes last', () {
    final old = '$header\n{"note": "a"}\n$call1\n{"note": "b"}\n$call2\n{"note": "end"}\n';
    expect(hkGoldenRewrite(old, [header, call1Changed, call2]), [
      header,
      '{"note": "a"}',
      call1Changed,
      '{"note": "b"}',
      call2,
      '{"note": "end"}',
    ]);
  });

  test('HKBRIDGE_UPDATE_GOLDENS: 1, true or yes ask for a rewrite; anything else does not', () {
    expect(hkUpdateGoldensVariable, 'HKBRIDGE_UPDATE_GOLDENS');
    for (final yes in ['1', 'true', 'YES']) {
      expect(hkUpdateGoldensRequested({'HKBRIDGE_UPDATE_GOLDENS': yes}), isTrue);
    }
    for (final no in ['0', '', 'false']) {
      expect(hkUpdateGoldensRequested({'HKBRIDGE_UPDATE_GOLDENS': no}), isFalse);
    }
    expect(hkUpdateGoldensRequested({}), isFalse);
  });

  group('HkGolden.check', () {
    late Directory dir;
    setUp(() => dir = Directory.systemTemp.createTempSync('hkbridge-golden'));
    tearDown(() => dir.deleteSync(recursive: true));

    test('a difference throws the diff and leaves the file alone; update rewrites it', () {
      final path = '${dir.path}/g.jsonl';
      File(path).writeAsStringSync('$header\n$call1\n');
      final check = HkGolden(path, update: false)..lines.addAll([header, call1Changed]);
      expect(
          check.check,
          throwsA(isA<HkGoldenMismatch>().having((e) => e.message, 'message',
              contains('at reply.ok[1]: expected 2, got 1\n$path: 1 differing line(s); '
                  'HKBRIDGE_UPDATE_GOLDENS=1 rewrites it'))));
      expect(File(path).readAsStringSync(), '$header\n$call1\n');
      final update = HkGolden(path, update: true)..lines.addAll([header, call1Changed]);
      expect(update.check(), 'rewrote $path (1 differing line(s))');
      expect(File(path).readAsStringSync(), '$header\n$call1Changed\n');
      expect((HkGolden(path, update: false)..lines.addAll([header, call1Changed])).check(),
          '$path: same');
    });

    test('a missing golden fails unless asked to write it', () {
      final path = '${dir.path}/sub/new.jsonl';
      expect((HkGolden(path, update: false)..lines.add(header)).check,
          throwsA(isA<HkGoldenMismatch>()
              .having((e) => e.message, 'message', contains('no golden file'))));
      expect((HkGolden(path, update: true)..lines.add(header)).check(), 'wrote $path');
      expect(File(path).readAsStringSync(), '$header\n');
    });
  });

  test('HkMockSession.start takes every option HkBridge.start takes (onHostMessage as deliver)', () {
    Set<String> options(String file, String signature) {
      final text = File(file).readAsStringSync();
      final from = text.indexOf(signature);
      final body = text.substring(from, text.indexOf('})', from));
      return {
        for (final m in RegExp(r'(\w+)(?: = [^,]+)?,\n').allMatches(body)) m.group(1)!,
      };
    }

    final bridge = options('lib/src/client.dart', 'static Future<HkBridge> start({');
    final session = options('lib/src/mock_session.dart', 'static Future<HkMockSession> start({');
    expect(bridge, containsAll(['executable', 'profiles', 'args', 'helloTimeout']));
    expect(session, containsAll(bridge.difference({'onHostMessage'})));
    expect(session, contains('deliverHostMessage'));
  });

  group('HkMockSession(golden:)', () {
    final binary = hkbridgeBinary();
    late Directory dir;
    setUp(() => dir = Directory.systemTemp.createTempSync('hkbridge-golden-session'));
    tearDown(() => dir.deleteSync(recursive: true));

    Future<void> session(String path, String type, {bool update = false}) async {
      final s = await HkMockSession.start(
          executable: binary, profiles: ['healthkit_permissions'], onStderr: (_) {});
      final recorded = HkMockSession(s.bridge, golden: HkGolden(path, update: update));
      await recorded.control.reset();
      await hkInvokeMethod(recorded.handle, 'healthkit_permissions', 'requestPermissions', {
        'read': [type],
        'write': [type],
      });
      expect(await recorded.close(), 0);
    }

    test('records control and plugin calls; a different argument fails with the diff', () async {
      final path = '${dir.path}/session.jsonl';
      await session(path, 'steps', update: true);
      final lines = File(path).readAsLinesSync();
      expect(lines, hasLength(3));
      expect(lines[0], startsWith('{"hkbridge": {"version": '));
      expect(lines[0], contains('"channels": ["healthkit_permissions"]'));
      expect(lines[1], startsWith('{"channel": "hkbridge/control", "call": {"method": "reset"'));
      await session(path, 'steps');
      await expectLater(
          session(path, 'heartRate'),
          throwsA(isA<HkGoldenMismatch>().having((e) => e.message, 'message',
              contains('at call.args.read[0]: expected "steps", got "heartRate"'))));
    });

    test('HkMockSession.start takes profiles as HkBridge.start does', () async {
      final s = await HkMockSession.start(
          executable: binary, profiles: ['health'], onStderr: (_) {});
      expect(s.bridge.hello.profiles, ['health']);
      expect(s.channels, contains('flutter_health'));
      expect(await s.close(), 0);
    });
  }, skip: hkbridgeBinary() == null ? 'no hkbridge binary (set HKBRIDGE)' : null);
}
