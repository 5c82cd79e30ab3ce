// Record a real app's healthkit_permissions traffic on a device, as a transcript for
// `hkbridge replay recorded.jsonl` or `hkbridge serve --playback recorded.jsonl` (with matchers
// for the ids and times the device made up).
//
// Use this binding instead of WidgetsFlutterBinding, created first thing in main() of a debug
// build: before runApp and before any plugin call (a call made before it exists goes to the
// platform unrecorded). Every message the app sends on the recorded channels is written to
// `<documents>/hkbridge-recording.jsonl`, one line at a time, each flushed as it is written (an
// app killed mid-run keeps every finished exchange); the file is closed when the app detaches.
// packages/hkbridge_flutter/README.md says how to get the file off the device.

import 'dart:io';

import 'package:flutter/services.dart';
import 'package:flutter/widgets.dart';
import 'package:hkbridge_flutter/recording.dart';

class RecordingBinding extends WidgetsFlutterBinding with WidgetsBindingObserver {
  RecordingBinding(this.file) {
    addObserver(this);
  }

  final HkRecordingFile file;

  @override
  BinaryMessenger createBinaryMessenger() => RecordingBinaryMessenger(
        super.createBinaryMessenger(),
        onLine: (line) {
          if (!file.isClosed) file.writeLine(line);
        },
        methodChannels: const {'healthkit_permissions'},
        // The first line says what the recording was made on and which app made it;
        // `hkbridge replay` sets the emulator up from it (the app's identity included). The
        // bundle id and name are the app's own (e.g. from package_info_plus).
        header: const HkTranscriptHeader(
            version: 'my_app 1.0.0',
            channels: ['healthkit_permissions'],
            device: 'iPhone',
            osVersion: '17.5',
            bundleId: 'com.example.my_app',
            appName: 'My App'),
        // Each exchange gets `at`, the device's clock when it was sent (the default clock).
      );

  @override
  void didChangeAppLifecycleState(AppLifecycleState state) {
    if (state == AppLifecycleState.detached) file.close();
  }
}

/// Call first in `main()`; [directory] is where the app may write (e.g. path_provider's
/// getApplicationDocumentsDirectory(), which the Files app and Xcode can reach).
void startRecording(Directory directory) {
  RecordingBinding(HkRecordingFile.open('${directory.path}/hkbridge-recording.jsonl'));
}

Future<void> main() async {
  startRecording(Directory.systemTemp);
  const channel = MethodChannel('healthkit_permissions');
  await channel.invokeMethod<bool>('isAvailable');
}
