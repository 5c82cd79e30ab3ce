/// The pure-Dart part of hkbridge_client (only `dart:` imports): frames, the standard codecs,
/// the process client, the control channel, typed JSON and transcript lines. Works without
/// Flutter.
library hkbridge_core;

export 'src/client.dart';
export 'src/codec.dart';
export 'src/control.dart';
export 'src/frames.dart';
export 'src/invoke.dart';
export 'src/transcript.dart';
export 'src/typed_json.dart';
