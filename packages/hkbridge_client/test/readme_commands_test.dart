// The docs' commands, run: every ```sh block of the repository README, the packages' READMEs
// and the example plugin's README runs in bash (`set -euo pipefail`) from the README's folder,
// with the hkbridge under test first on PATH, and must exit 0. A block that cannot run here is
// preceded by `<!-- docs-test: skip (why) -->`, and the reason must be given.

import 'dart:io';

import 'package:test/test.dart';

import 'binary.dart';

/// One ```sh block: its README, its first line's number, its text, and why it is skipped.
class ShellBlock {
  ShellBlock(this.readme, this.line, this.text, this.skip);
  final String readme;
  final int line;
  final String text;
  final String? skip;
}

final _skip = RegExp(r'^<!-- docs-test: skip \((.+)\) -->$');

/// The ```sh blocks of [readme] (a path relative to this package).
List<ShellBlock> shellBlocks(String readme) {
  final lines = File(readme).readAsLinesSync();
  final blocks = <ShellBlock>[];
  for (var i = 0; i < lines.length; i++) {
    final fence = lines[i].trimLeft();
    if (!fence.startsWith('```')) continue;
    final info = fence.substring(3).trim();
    final start = i;
    final body = <String>[];
    for (i++; i < lines.length && lines[i].trim() != '```'; i++) {
      body.add(lines[i]);
    }
    if (info != 'sh') continue;
    var before = start - 1;
    while (before >= 0 && lines[before].trim().isEmpty) {
      before--;
    }
    final marker = before >= 0 ? _skip.firstMatch(lines[before].trim()) : null;
    blocks.add(ShellBlock(readme, start + 1, body.join('\n'), marker?.group(1)));
  }
  return blocks;
}

const readmes = [
  '../../README.md',
  'README.md',
  '../hkbridge_flutter/README.md',
  '../../examples/mindful_minutes/README.md',
];

void main() {
  final binary = hkbridgeBinary();

  test('every sh block is run or says why not; the repository README is under 300 lines', () {
    expect(File('../../README.md').readAsLinesSync().length, lessThan(300));
    for (final readme in readmes) {
      for (final block in shellBlocks(readme)) {
        expect(block.text.trim(), isNotEmpty, reason: '${block.readme}:${block.line}');
        // A skipped block must not be a transcript of output ($ prompts cannot run).
        if (block.skip == null) {
          expect(block.text, isNot(startsWith(r'$ ')), reason: '${block.readme}:${block.line}');
        }
      }
    }
    expect(shellBlocks('../../README.md').where((b) => b.skip == null).length,
        greaterThanOrEqualTo(6));
  });

  for (final readme in readmes) {
    for (final block in shellBlocks(readme)) {
      if (block.skip != null) continue;
      test('$readme:${block.line} runs', () async {
        final dir = File(readme).parent.path;
        final path = '${File(binary!).parent.absolute.path}:${Platform.environment['PATH']}';
        final result = await Process.run('bash', ['-euo', 'pipefail', '-c', block.text],
            workingDirectory: dir,
            environment: {'PATH': path, 'HKBRIDGE': File(binary).absolute.path});
        expect(result.exitCode, 0,
            reason: '$readme:${block.line}\n${block.text}\n--- stdout\n${result.stdout}'
                '--- stderr\n${result.stderr}');
      },
          timeout: const Timeout(Duration(minutes: 3)),
          skip: binary == null ? 'no hkbridge binary (set HKBRIDGE)' : null);
    }
  }
}

