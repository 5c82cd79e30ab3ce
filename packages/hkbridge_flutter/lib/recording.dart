/// Recording a real app's channel traffic on a device, for an app's own dependencies: only
/// [RecordingBinaryMessenger] and the pure-Dart `hkbridge_client` (its [HkRecorder] and
/// [HkRecordingFile]). Unlike `hkbridge_flutter.dart`, this library does not import
/// `flutter_test`, so an app that records compiles none of it.
library hkbridge_recording;

export 'package:hkbridge_client/hkbridge_client.dart';

export 'src/recording_messenger.dart';
