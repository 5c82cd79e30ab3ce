// Writes goldens/mindful_minutes.jsonl: the golden session (test/golden_session.dart) recorded
// against hkbridge. Run it after changing what the plugin sends, then review the diff:
//
//   HKBRIDGE=/path/to/hkbridge ../../packages/hkbridge_client/tool/dart tool/record_goldens.dart
//   (from this folder, with HKBRIDGE_VM_PROJECT=$PWD HKBRIDGE_VM_PACKAGE=mindful_minutes)

import 'dart:io';

import '../test/golden_session.dart';

Future<void> main() async {
  final lines = await recordGoldenSession();
  File('goldens/mindful_minutes.jsonl').writeAsStringSync(lines.map((l) => '$l\n').join());
  stdout.writeln('goldens/mindful_minutes.jsonl: ${lines.length} lines');
  await stdout.flush();
  exit(0);
}
