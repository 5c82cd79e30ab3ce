// Every public enum of the library is named in the docs a user reads (the README or this
// package's README), with its values, so that `setPromptPolicy(write: HkPromptAnswer.deny)` can
// be written without reading the source.

import 'dart:io';

import 'package:test/test.dart';

void main() {
  test('each public enum and its values are named in the READMEs', () {
    final docs = File('../../README.md').readAsStringSync() + File('README.md').readAsStringSync();
    final enums = <String, List<String>>{};
    for (final file in Directory('lib').listSync(recursive: true).whereType<File>()) {
      for (final m in RegExp(r'^enum (Hk\w+) \{([^}]*)\}', multiLine: true)
          .allMatches(file.readAsStringSync())) {
        enums[m.group(1)!] = m.group(2)!.split(',').map((v) => v.trim()).where((v) => v.isNotEmpty).toList();
      }
    }
    expect(enums.keys, containsAll(['HkDevice', 'HkPromptAnswer', 'HkShareStatus', 'HkReadDecision']));
    enums.forEach((name, values) {
      expect(docs, contains(name), reason: name);
      for (final value in values) {
        expect(docs, contains(value), reason: '$name.$value');
      }
    });
  });
}
