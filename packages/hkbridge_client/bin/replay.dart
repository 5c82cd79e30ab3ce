// Replays transcripts through `hkbridge serve` from Dart, with this package's own codec and typed
// JSON: each call is encoded from its typed JSON (and checked against callHex), each reply is
// decoded and compared the way a Dart test sees it and byte for byte against replyHex. Matchers
// (`match`, the header's and each line's), bindings of recorded uuids and `at` times are honoured
// as `hkbridge replay` honours them (../../protocol/matchers.md, ../../protocol/transcripts.md).
//
//   tool/dart bin/replay.dart [--hkbridge PATH] [--verbose] FILE...
//
// --verbose passes hkbridge's stderr (its warnings) through; without it they are dropped.
//
// Prints one line per failing exchange (file:line, channel, method, why), then
// `N passed, M failed`. Exit 0 when all pass, 1 when any fail, 2 for a file that cannot be read
// or is not a transcript (an `at` earlier than the emulator's clock included). Without
// --hkbridge the binary is found as HkBridge.findExecutable says (HKBRIDGE, PATH,
// .dart_tool/hkbridge/hkbridge).

import 'dart:convert';
import 'dart:io';

import 'package:hkbridge_client/hkbridge_client.dart';

Future<void> main(List<String> args) async {
  String? executable;
  var verbose = false;
  final files = <String>[];
  for (var i = 0; i < args.length; i++) {
    if (args[i] == '--hkbridge' && i + 1 < args.length) {
      executable = args[++i];
    } else if (args[i] == '--verbose') {
      verbose = true;
    } else if (args[i] == '--help' || args[i] == '-h') {
      stdout.writeln('usage: replay.dart [--hkbridge PATH] [--verbose] FILE...');
      return;
    } else {
      files.add(args[i]);
    }
  }
  if (files.isEmpty) {
    stderr.writeln('error: give the transcripts to replay, e.g. ../../golden/*.jsonl');
    exit(2);
  }
  final result = HkReplayResult();
  for (final path in files) {
    final HkTranscript transcript;
    try {
      final bytes = File(path).readAsBytesSync();
      // A final line cut short may end inside a character: only that line is read leniently.
      final end = bytes.lastIndexOf(10) + 1;
      final text = utf8.decode(bytes.sublist(0, end)) +
          utf8.decode(bytes.sublist(end), allowMalformed: true);
      transcript = HkTranscript.parse(path, text);
      if (transcript.tornLastLine != null) {
        stderr.writeln('warning: $path: ignoring its last line, cut short (no newline, not JSON)');
      }
    } on FileSystemException catch (e) {
      stderr.writeln('error: cannot read $path: ${e.osError?.message ?? e.message}');
      exit(2);
    } on HkTranscriptFormatException catch (e) {
      stderr.writeln('error: $e');
      exit(2);
    } on FormatException catch (e) {
      stderr.writeln('error: $path is not UTF-8 text: ${e.message}');
      exit(2);
    }
    try {
      await hkReplayTranscript(transcript,
          executable: executable, into: result, onStderr: verbose ? null : (_) {});
    } on HkTranscriptFormatException catch (e) {
      stderr.writeln('error: $e');
      exit(2);
    }
  }
  for (final failure in result.failures) {
    stdout.writeln(failure);
  }
  stdout.writeln(result.summary);
  await stdout.flush();
  exit(result.failed == 0 ? 0 : 1);
}
