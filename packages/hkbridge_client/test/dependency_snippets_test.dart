// The docs' dependency snippets resolve: the `ref` is the tag the release flow makes from the one
// version (Sources/HKBridgeCLI/BuildInfo.swift), the SDK constraints are the ones the docs state,
// and the checkout route of the README (`git clone --branch vVERSION URL third_party/hkbridge`,
// then `path:` dependencies) resolves with a local git URL: every path dependency is found, the
// packages are the ones named, and a program importing package:hkbridge_client runs on this
// Dart VM with the resolved packages (what pub would write; there is no pub here).

import 'dart:io';

import 'package:test/test.dart';

String read(String path) => File(path).readAsStringSync();

/// The version, from its one place.
String version() => RegExp(r'static let version = "([^"]+)"')
    .firstMatch(read('../../Sources/HKBridgeCLI/BuildInfo.swift'))!
    .group(1)!;

/// The `path:` dependencies of a pubspec, by name.
Map<String, String> pathDependencies(String pubspec) => {
      for (final m in RegExp(r'^  ([a-z_]+):\n    path: (\S+)$', multiLine: true).allMatches(pubspec))
        m.group(1)!: m.group(2)!
    };

Future<void> git(List<String> args, String dir) async {
  final r = await Process.run('git', args, workingDirectory: dir);
  if (r.exitCode != 0) throw StateError('git ${args.join(' ')}: ${r.stderr}');
}

void main() {
  final tag = 'v${version()}';

  test('the docs pin the release tag and state the SDK constraints the pubspecs have', () {
    for (final doc in ['../../README.md', '../hkbridge_flutter/README.md']) {
      final text = read(doc);
      expect(text, contains('--branch $tag'), reason: doc);
      expect(text, isNot(contains('your-org')), reason: doc);
      expect(text, contains('dart-lang/pub#4575'), reason: doc);
    }
    expect(read('../../README.md'), contains('ref: $tag'));
    expect(read('pubspec.yaml'), contains("sdk: '>=2.16.0 <4.0.0'"));
    final flutter = read('../hkbridge_flutter/pubspec.yaml');
    expect(flutter, contains("sdk: '>=2.17.0 <4.0.0'"));
    expect(flutter, contains("flutter: '>=3.0.0'"));
    expect(read('../../README.md'), contains('Flutter 3.0 / Dart 2.17 or later'));
    expect(read('../../README.md'), contains('Dart 2.16 or later'));
    // A git dependency on the pure package needs no relative path; the Flutter one has one.
    expect(pathDependencies(read('pubspec.yaml')), isEmpty);
    expect(pathDependencies(flutter), {'hkbridge_client': '../hkbridge_client'});
  });

  test('the README checkout route resolves from a local git URL at the tag', () async {
    final tmp = Directory.systemTemp.createTempSync('hkbridge-deps');
    addTearDown(() => tmp.deleteSync(recursive: true));
    // "The repository": a clone of this one with the release tag on HEAD.
    final origin = '${tmp.path}/origin.git';
    final root = Directory('../..').absolute.path;
    await git(['clone', '--quiet', '--bare', root, origin], tmp.path);
    await git(['tag', tag, 'HEAD'], origin);
    // The README's command, with the local URL.
    final project = Directory('${tmp.path}/my_plugin')..createSync();
    await git(['clone', '--quiet', '--depth', '1', '--branch', tag, 'file://$origin',
        'third_party/hkbridge'], project.path);

    // The README's yaml snippet: path dependencies into the checkout, followed as pub does.
    final readme = read('../../README.md');
    final snippet = RegExp(r'```yaml\ndev_dependencies:\n([\s\S]*?)```').firstMatch(readme)!.group(1)!;
    final roots = {
      for (final m in RegExp(r'^  ([a-z_]+):.*\n    path: (\S+)$', multiLine: true).allMatches(snippet))
        m.group(1)!: '${project.path}/${m.group(2)}'
    };
    expect(roots.keys, ['hkbridge_flutter', 'hkbridge_client']);
    final resolved = <String, String>{};
    void resolve(String name, String dir) {
      final pubspec = File('$dir/pubspec.yaml');
      expect(pubspec.existsSync(), isTrue, reason: '$name at $dir');
      expect(pubspec.readAsStringSync(), contains('name: $name\n'));
      resolved[name] = Directory(dir).absolute.path;
      pathDependencies(pubspec.readAsStringSync())
          .forEach((dep, path) => resolve(dep, Directory('$dir/$path').absolute.path));
    }
    roots.forEach(resolve);
    expect(resolved.keys.toSet(), {'hkbridge_flutter', 'hkbridge_client'});

    // A pure-Dart program of the project, run with the resolved package on this VM.
    final config = File('${project.path}/.dart_tool/package_config.json')
      ..createSync(recursive: true)
      ..writeAsStringSync('{"configVersion": 2, "packages": [{"name": "hkbridge_client", '
          '"rootUri": "file://${resolved['hkbridge_client']}/", "packageUri": "lib/", '
          '"languageVersion": "2.16"}]}');
    File('${project.path}/main.dart').writeAsStringSync(
        "import 'package:hkbridge_client/hkbridge_client.dart';\n"
        "void main() => print(hexOf(HkMethodCodec().encodeMethodCallBytes('isAvailable')));\n");
    final run = await Process.run(Platform.resolvedExecutable,
        ['--packages=${config.path}', 'main.dart'], workingDirectory: project.path);
    expect(run.exitCode, 0, reason: '${run.stderr}');
    expect('${run.stdout}'.trim(), '070b6973417661696c61626c6500');
  }, timeout: const Timeout(Duration(minutes: 2)));

  test('one version: scripts/version, the pubspecs, the example pins; the release workflow', () async {
    final printed = await Process.run('../../scripts/version', []);
    expect('${printed.stdout}'.trim(), version());
    for (final pubspec in ['pubspec.yaml', '../hkbridge_flutter/pubspec.yaml']) {
      expect(read(pubspec), contains('\nversion: ${version()}\n'), reason: pubspec);
    }
    final example = read('../../examples/mindful_minutes/.github/workflows/test.yml');
    expect(example, contains('HKBRIDGE_VERSION: "${version()}"'));
    expect(example, contains('/releases/download/$tag/hkbridge-${version()}-linux-'));
    final release = read('../../.github/workflows/release.yml');
    for (final part in [
      "tags: ['v*']",
      'test "\$GITHUB_REF_NAME" = "v\$(scripts/version)"',
      'run: scripts/check-package',
      'runner: ubuntu-22.04       # x86_64',
      'runner: ubuntu-22.04-arm   # aarch64',
      'dist/hkbridge-*.tar.gz.sha256',
      'gh release create',
    ]) {
      expect(release, contains(part));
    }
    // scripts/check-package builds with scripts/package: the workflow and CI share the steps.
    expect(read('../../scripts/check-package'), contains('  scripts/package\n'));
  });
}
