/// Drive the hkbridge HealthKit emulator from Dart: start `hkbridge serve`, send platform
/// messages to it over its stdin/stdout frames, set its state up through the control channel,
/// encode and decode Flutter's standard codecs, record transcripts and replay them.
///
/// Pure Dart (only `dart:` imports), for Dart 2.16 and later: no Flutter needed. The Flutter
/// adapters (the emulator behind `flutter_test`'s messenger, a recording messenger for real
/// devices) are in the `hkbridge_flutter` package, which depends on this one.
library hkbridge_client;

export 'src/client.dart' hide hkStartEchoHost;
export 'src/codec.dart';
export 'src/control.dart';
export 'src/dart_equality.dart';
export 'src/events.dart';
export 'src/golden.dart';
export 'src/invoke.dart' hide bytesOf, byteDataOf;
export 'src/matchers.dart'
    show
        HkBindings,
        HkMatcherException,
        HkPathPattern,
        HkValueDifference,
        HkValueMatcher,
        HkValueMatchers,
        hkValueDifferences;
export 'src/mock_session.dart';
export 'src/recording_file.dart';
export 'src/replay.dart';
export 'src/transcript.dart';
export 'src/typed_json.dart';
export 'src/typed_json_reader.dart';
