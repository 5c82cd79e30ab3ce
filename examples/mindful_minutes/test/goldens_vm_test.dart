// The goldens: the plugin's live traffic compared with goldens/mindful_minutes.jsonl (the
// golden test: fails with the diff when the plugin sends something else; HKBRIDGE_UPDATE_GOLDENS=1
// rewrites it), and every golden replayed from Dart against the emulator (what
// `hkbridge replay goldens/*.jsonl` checks: the recording still matches hkbridge's answers).

import 'dart:io';

import 'package:hkbridge_client/hkbridge_client.dart';
import 'package:test/test.dart';

import 'golden_session.dart';

String? binary() {
  try {
    return HkBridge.findExecutable();
  } on HkBridgeNotFoundException {
    return null;
  }
}

void main() {
  final goldens = Directory('goldens')
      .listSync()
      .whereType<File>()
      .where((f) => f.path.endsWith('.jsonl'))
      .toList()
    ..sort((a, b) => a.path.compareTo(b.path));

  group('goldens', () {
    test('the plugin sends what goldens/mindful_minutes.jsonl holds (golden test)', () async {
      await runGoldenSession();
      final golden = File(goldenPath).readAsLinesSync();
      expect(golden.first, startsWith('{"hkbridge": {"version": '));
      expect(golden, hasLength(10));
    });

    test('every golden replays from Dart', () async {
      expect(goldens, isNotEmpty);
      final result = HkReplayResult();
      for (final file in goldens) {
        await hkReplayTranscript(HkTranscript.parse(file.path, file.readAsStringSync()),
            into: result, onStderr: (_) {});
      }
      expect(result.failures, isEmpty);
      expect(result.failed, 0);
    });
  }, skip: binary() == null ? 'no hkbridge binary (set HKBRIDGE)' : null);
}
