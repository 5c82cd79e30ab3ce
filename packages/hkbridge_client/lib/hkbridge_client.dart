/// Drive the hkbridge HealthKit emulator from Flutter tests: everything in
/// `hkbridge_core.dart`, plus the Flutter test-messenger hook ([HkBridgeMock]) and the
/// recording messenger for real devices ([RecordingBinaryMessenger]).
library hkbridge_client;

export 'hkbridge_core.dart';
export 'src/mock_messenger.dart';
export 'src/recording_messenger.dart';
