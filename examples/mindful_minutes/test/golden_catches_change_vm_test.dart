// The golden test catches a plugin change: a copy of this plugin whose Dart code sends
// `ascending: false` fails its golden test with the diff (FAIL goldens/...:LINE, the differing
// argument by path); HKBRIDGE_UPDATE_GOLDENS=1 rewrites the golden, after which it passes.
// Runs the copy's tool/test in a temporary folder (a second Dart VM each time).

import 'dart:io';

import 'package:hkbridge_client/hkbridge_client.dart';
import 'package:test/test.dart';

String? binary() {
  try {
    return HkBridge.findExecutable();
  } on HkBridgeNotFoundException {
    return null;
  }
}

void copyTree(Directory from, Directory to) {
  to.createSync(recursive: true);
  for (final entity in from.listSync()) {
    final name = entity.uri.pathSegments.lastWhere((s) => s.isNotEmpty);
    if (entity is Directory) {
      copyTree(entity, Directory('${to.path}/$name'));
    } else if (entity is File) {
      entity.copySync('${to.path}/$name');
    }
  }
}

void main() {
  final hkbridge = binary();
  test('a changed argument fails the golden test with a diff; the update flag rewrites it',
      () async {
    final here = Directory.current.path;
    final tmp = Directory.systemTemp.createTempSync('mindful_golden_');
    addTearDown(() => tmp.deleteSync(recursive: true));
    final copy = tmp.path;
    for (final dir in ['lib', 'goldens', 'tool']) {
      copyTree(Directory('$here/$dir'), Directory('$copy/$dir'));
    }
    Directory('$copy/test').createSync();
    for (final f in ['golden_session.dart', 'goldens_vm_test.dart']) {
      File('$here/test/$f').copySync('$copy/test/$f');
    }
    final api = File('$copy/lib/src/mindful_minutes_api.dart');
    final source = api.readAsStringSync();
    expect(source, contains("'ascending': true,"));
    api.writeAsStringSync(source.replaceFirst("'ascending': true,", "'ascending': false,"));
    final golden = File('$copy/goldens/mindful_minutes.jsonl');
    final before = golden.readAsStringSync();

    Future<ProcessResult> run(Map<String, String> env) => Process.run(
        '$copy/tool/test', ['test/goldens_vm_test.dart'],
        workingDirectory: copy,
        environment: {
          'HKBRIDGE': File(hkbridge!).absolute.path,
          'HKBRIDGE_CLIENT_DIR': '$here/../../packages/hkbridge_client',
          ...env,
        });

    final failed = await run({});
    final out = '${failed.stdout}${failed.stderr}';
    expect(failed.exitCode, isNot(0), reason: out);
    expect(out, contains('FAIL goldens/mindful_minutes.jsonl:7'));
    expect(out, contains('at call.args.ascending: expected true, got false'));
    expect(out, contains('HKBRIDGE_UPDATE_GOLDENS=1 rewrites it'));
    expect(golden.readAsStringSync(), before, reason: 'a failing check leaves the golden alone');

    final updated = await run({'HKBRIDGE_UPDATE_GOLDENS': '1'});
    expect(updated.exitCode, 0, reason: '${updated.stdout}${updated.stderr}');
    expect('${updated.stderr}', contains('hkbridge golden: rewrote goldens/mindful_minutes.jsonl'));
    final after = golden.readAsStringSync();
    expect(after, isNot(before));
    expect(after, contains('"ascending": false'));

    final again = await run({});
    expect(again.exitCode, 0, reason: '${again.stdout}${again.stderr}');
  }, timeout: const Timeout(Duration(minutes: 4)), skip: hkbridge == null ? 'no hkbridge binary (set HKBRIDGE)' : null);
}
