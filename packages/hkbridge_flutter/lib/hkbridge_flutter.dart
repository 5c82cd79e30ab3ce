/// hkbridge in `flutter test`: the emulator behind Flutter's test messenger ([HkBridgeMock]),
/// so a plugin's unchanged `MethodChannel` code talks to it, and a recording messenger for real
/// devices ([RecordingBinaryMessenger]). Exports all of `package:hkbridge_client` (the pure-Dart
/// client, control channel, codecs, transcripts, recorder and replay) as well.
library hkbridge_flutter;

export 'package:hkbridge_client/hkbridge_client.dart';

export 'src/mock_messenger.dart';
export 'src/recording_messenger.dart';
