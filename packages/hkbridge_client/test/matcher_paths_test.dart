// The Dart replay refuses a match path that matches nothing recorded, as `hkbridge replay` does:
// an exchange's own path at its line with the nearest path; a header path only when a path of the
// file is near it (a general rule a file does not use passes).

import 'package:hkbridge_client/hkbridge_client.dart';
import 'package:test/test.dart';

const header = '{"hkbridge": {"channels": ["healthkit_permissions"]}}';
const write = '{"channel": "healthkit_permissions", "call": {"method": "writeRecord", "args": '
    '{"type": "steps", "start": 1704067200000, "value": 10, "unit": "count"}}, "reply": {"ok": '
    '{"uuid": "6513270E-269E-4D37-B2A7-4DE452E6B438", "hkType": "HKQuantityTypeIdentifierStepCount"}}';

void main() {
  test("an exchange's path that matches nothing is an error at its line naming the nearest", () {
    final typo = '$write, "match": {"reply.ok.uid": "uuid"}}';
    expect(
        () => HkTranscript.parse('t.jsonl', '$header\n$typo\n'),
        throwsA(isA<HkTranscriptFormatException>()
            .having((e) => e.line, 'line', 2)
            .having((e) => e.message, 'message',
                'match path "reply.ok.uid" matches nothing in the recorded line; the nearest path '
                'is "reply.ok.uuid" (protocol/matchers.md)')));
    expect(HkTranscript.parse('t.jsonl', '$header\n$write, "match": {"reply.ok.uuid": "uuid"}}\n')
        .exchanges, hasLength(1));
  });

  test('a header path near a recorded one is an error at line 1; a general one passes', () {
    final typo = header.replaceFirst('}}', ', "match": {"reply.ok.uid": "uuid"}}}');
    expect(
        () => HkTranscript.parse('t.jsonl', '$typo\n$write}\n'),
        throwsA(isA<HkTranscriptFormatException>()
            .having((e) => e.line, 'line', 1)
            .having((e) => e.message, 'message', contains('the nearest path is "reply.ok.uuid"'))));
    final general = header.replaceFirst('}}', ', "match": {"reply.ok[*].uuid": "uuid"}}}');
    expect(HkTranscript.parse('t.jsonl', '$general\n$write}\n').exchanges, hasLength(1));
  });
}
