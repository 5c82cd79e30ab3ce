// The public library exports what users need and not the package's internals: frames, the
// ByteData/Uint8List view helpers and the benchmark's echo host. Each name is compiled in a small
// program that imports only package:hkbridge_client/hkbridge_client.dart, on this same VM.

import 'dart:io';

import 'package:test/test.dart';

/// Runs `main() { print(EXPRESSION); }` with the public library imported; the VM's result.
Future<ProcessResult> compileUse(Directory dir, String expression) async {
  final file = File('${dir.path}/use_${expression.hashCode.abs()}.dart')
    ..writeAsStringSync("import 'package:hkbridge_client/hkbridge_client.dart';\n"
        'void main() { print($expression); }\n');
  final config = Platform.packageConfig;
  return Process.run(Platform.resolvedExecutable, [
    if (config != null) '--packages=${config.startsWith('file:') ? Uri.parse(config).toFilePath() : config}',
    file.path,
  ]);
}

void main() {
  late Directory dir;
  setUpAll(() => dir = Directory.systemTemp.createTempSync('hkbridge-surface'));
  tearDownAll(() => dir.deleteSync(recursive: true));

  // One program naming them all: the front end reports every undefined name at once.
  test('frames, the view helpers, the echo host and the echoHost flag are not exported',
      () async {
    const hidden = [
      'Frame',
      'FrameReader',
      'FrameWriter',
      'FrameKind',
      'encodeFrame',
      'bytesOf',
      'byteDataOf',
      'hkStartEchoHost',
    ];
    final run = await compileUse(dir, '[${hidden.join(', ')}, HkBridge.start(echoHost: true)]');
    expect(run.exitCode, isNot(0));
    final errors = '${run.stderr}${run.stdout}';
    for (final name in [...hidden, 'echoHost']) {
      expect(errors, contains("'$name'"), reason: '$name seems exported:\n$errors');
    }
    // What users need is there: the same program without the hidden names compiles.
    final ok = await compileUse(dir, '[HkBridge, HkControl, HkCall, HkMethodCall, HkRecorder, '
        'HkBindings, HkValueMatchers, hkReplayTranscript]');
    expect(ok.exitCode, 0, reason: '${ok.stderr}');
  });
}
