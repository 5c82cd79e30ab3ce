// The package:test stand-in (tool/package_test/) counts and reports as it says: run on a sample
// with known outcomes. With the real package:test this checks nothing of the stand-in and is
// skipped (the sample needs the stand-in's summary line).

import 'dart:io';

import 'package:test/test.dart';

void main() {
  final config = Platform.packageConfig;
  final standIn = config != null &&
      File.fromUri(Uri.parse(config).isAbsolute ? Uri.parse(config) : Uri.file(config))
          .readAsStringSync()
          .contains('tool/package_test/');

  test('failures are named, the last line counts them, the exit status is 1', () async {
    final run = await Process.run(Platform.resolvedExecutable,
        ['--packages=$config', 'test/fixtures/standin_sample.dart']);
    final out = '${run.stdout}';
    expect(run.exitCode, 1, reason: out);
    expect(out, contains('FAILED: g fails on a wrong value'));
    expect(out, contains("Which: is 1 at ['a']"), reason: out);
    expect(out, contains('FAILED: g fails on an uncaught async error'));
    expect(out, contains('Bad state: late'));
    expect(out, contains('1 skipped: g is skipped: on purpose'));
    expect(out.trim().split('\n').last, '2 passed, 2 failed');
  }, skip: standIn ? null : 'only meaningful with the stand-in of tool/package_test');
}
