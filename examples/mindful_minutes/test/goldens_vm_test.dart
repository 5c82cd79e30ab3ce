// The goldens: the plugin still makes exactly the calls goldens/mindful_minutes.jsonl holds
// (recorded again and compared line for line), and every golden replays from Dart through
// hkbridge (CI also runs `hkbridge replay goldens/*.jsonl`).

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
    test('the plugin sends what goldens/mindful_minutes.jsonl recorded, byte for byte', () async {
      final lines = await recordGoldenSession();
      final golden = File('goldens/mindful_minutes.jsonl').readAsLinesSync();
      expect(lines.skip(1).toList(), golden.skip(1).toList(),
          reason: 'the plugin changed what it sends: run tool/record_goldens.dart and review');
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
