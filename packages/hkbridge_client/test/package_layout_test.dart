// The two pub packages and the example plugin are laid out as pub and a plugin author expect:
// the pure package admits Dart 2.16 and has no Flutter dependency, the Flutter package depends on
// it by path (no copy), the example depends on the Flutter package and drives its channel
// through it, its workflow fetches the pinned archive and runs flutter test, and the docs give
// the dependencies (dependency_snippets_test.dart resolves them). Text checks of the files.

import 'dart:io';

import 'package:test/test.dart';

String read(String path) => File(path).readAsStringSync();

void main() {
  const flutterPackage = '../hkbridge_flutter';
  const example = '../../examples/mindful_minutes';

  test('each package has what pub expects', () {
    for (final dir in ['.', flutterPackage]) {
      for (final file in [
        'pubspec.yaml',
        'README.md',
        'CHANGELOG.md',
        'LICENSE',
        'analysis_options.yaml',
      ]) {
        expect(File('$dir/$file').existsSync(), isTrue, reason: '$dir/$file');
      }
      expect(Directory('$dir/example').listSync().whereType<File>(), isNotEmpty,
          reason: '$dir/example/');
    }
  });

  test('the pure package: SDK from 2.16, no Flutter anywhere in its pubspec or lib/', () {
    final pubspec = read('pubspec.yaml');
    expect(pubspec, contains("name: hkbridge_client\n"));
    expect(pubspec, contains("sdk: '>=2.16.0 <4.0.0'"));
    expect(pubspec, isNot(contains('flutter')));
    for (final file in Directory('lib').listSync(recursive: true).whereType<File>()) {
      // (Spelt in two pieces: tool/test leaves files naming Flutter's package to flutter test.)
      expect(read(file.path), isNot(contains('package:' 'flutter')), reason: file.path);
    }
  });

  test('the Flutter package depends on the pure one by path and re-exports it', () {
    final pubspec = read('$flutterPackage/pubspec.yaml');
    expect(pubspec, contains('name: hkbridge_flutter\n'));
    expect(pubspec, contains('  hkbridge_client:\n    path: ../hkbridge_client\n'));
    expect(pubspec, contains('  flutter_test:\n    sdk: flutter\n'));
    expect(read('$flutterPackage/lib/hkbridge_flutter.dart'),
        contains("export 'package:hkbridge_client/hkbridge_client.dart';"));
    expect(
        Directory('$flutterPackage/lib/src').listSync().map((f) => f.uri.pathSegments.last).toList()
          ..sort(),
        ['mock_messenger.dart', 'recording_messenger.dart']);
  });

  test('the example plugin uses the Flutter package on its own channel', () {
    final pubspec = read('$example/pubspec.yaml');
    expect(pubspec, contains('  hkbridge_flutter:\n    path: ../../packages/hkbridge_flutter\n'));
    expect(read('$example/lib/mindful_minutes.dart'), contains('MethodChannel'));
    final test = read('$example/test/mindful_minutes_test.dart');
    expect(test, contains("import 'package:hkbridge_flutter/hkbridge_flutter.dart';"));
    expect(test, contains('HkBridgeMock.start('));
  });

  test('its workflow pins, caches and fetches the archive, runs flutter test and replay', () {
    final workflow = read('$example/.github/workflows/test.yml');
    for (final part in [
      'HKBRIDGE_VERSION:',
      'HKBRIDGE_SHA256:',
      'actions/cache@',
      'curl ',
      'sha256sum -c',
      'tar -xzf "\$archive" -C .dart_tool/hkbridge',
      'run: flutter test\n',
      'run: .dart_tool/hkbridge/hkbridge replay goldens/*.jsonl\n',
    ]) {
      expect(workflow, contains(part));
    }
  });
}
