/// The pure-Dart part of hkbridge_client (only `dart:` imports): frames, the standard codecs,
/// the process client, the control channel, typed JSON, transcript recording and replay, and
/// the logic of the two Flutter adapters. Works without Flutter, on Dart 2.16 and later.
library hkbridge_core;

export 'src/client.dart';
export 'src/codec.dart';
export 'src/control.dart';
export 'src/dart_equality.dart';
export 'src/frames.dart';
export 'src/invoke.dart';
export 'src/mock_session.dart';
export 'src/replay.dart';
export 'src/transcript.dart';
export 'src/typed_json.dart';
export 'src/typed_json_reader.dart';
