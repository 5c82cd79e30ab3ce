// Record a real app's healthkit_permissions traffic on a device, as a transcript for
// `hkbridge replay recorded.jsonl` (with matchers for the ids and times the device made up).
//
// Use this binding instead of WidgetsFlutterBinding in main() of a debug build (or in an
// integration test): every message the app sends on the recorded channels is written to
// `<documents>/hkbridge-recording.jsonl`; pull it off the device when the run is done.

import 'dart:io';

import 'package:flutter/services.dart';
import 'package:flutter/widgets.dart';
import 'package:hkbridge_flutter/hkbridge_flutter.dart';

class RecordingBinding extends WidgetsFlutterBinding {
  RecordingBinding(this.sink);

  final IOSink sink;

  @override
  BinaryMessenger createBinaryMessenger() => RecordingBinaryMessenger(
        super.createBinaryMessenger(),
        onLine: sink.writeln,
        methodChannels: const {'healthkit_permissions'},
        // The first line says what the recording was made on and which app made it;
        // `hkbridge replay` sets the emulator up from it (the app's identity included). The
        // bundle id and name are the app's own (e.g. from package_info_plus).
        header: const HkTranscriptHeader(
            version: 'my_app 1.0.0',
            channels: ['healthkit_permissions'],
            device: 'iPhone',
            bundleId: 'com.example.my_app',
            appName: 'My App'),
        // Each exchange gets `at`, the device's clock when it was sent (the default clock).
      );
}

/// Call first in `main()`, before `runApp`; [directory] is where the app may write (e.g. from
/// path_provider's getApplicationDocumentsDirectory()).
void startRecording(Directory directory) {
  final sink = File('${directory.path}/hkbridge-recording.jsonl').openWrite();
  RecordingBinding(sink);
}

Future<void> main() async {
  startRecording(Directory.systemTemp);
  const channel = MethodChannel('healthkit_permissions');
  await channel.invokeMethod<bool>('isAvailable');
}
