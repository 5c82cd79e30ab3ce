// Record the traffic of an integration test on a real iPhone (`flutter test
// integration_test/record_test.dart -d <iPhone>`): the integration-test binding is flutter_test's,
// whose messenger takes mock handlers; each recorded channel gets one that sends the message on
// to the real platform (the messenger's delegate) through an HkRecorder, which writes the
// exchange to the file. Messages the platform starts (event channel events) are not recorded
// this way: record those in an app (record_on_device.dart).

import 'dart:io';

import 'package:flutter/services.dart';
import 'package:flutter_test/flutter_test.dart';
import 'package:hkbridge_flutter/hkbridge_flutter.dart';
import 'package:integration_test/integration_test.dart';

void main() {
  final binding = IntegrationTestWidgetsFlutterBinding.ensureInitialized();
  final messenger = binding.defaultBinaryMessenger;
  // The app's documents folder on the device (path_provider), here the temporary one.
  final file = HkRecordingFile.open('${Directory.systemTemp.path}/hkbridge-recording.jsonl');
  final recorder = HkRecorder(messenger.delegate.send,
      onLine: file.writeLine,
      methodChannels: const {'healthkit_permissions'},
      header: const HkTranscriptHeader(
          version: 'my_app integration test',
          channels: ['healthkit_permissions'],
          device: 'iPhone',
          bundleId: 'com.example.my_app'));

  // flutter_test clears mock handlers after each test: install them in setUp.
  setUp(() => messenger.setMockMessageHandler(
      'healthkit_permissions', (message) => recorder.send('healthkit_permissions', message)));
  tearDownAll(file.close);

  testWidgets('the app asks for steps', (tester) async {
    const channel = MethodChannel('healthkit_permissions');
    await channel.invokeMethod<bool>('isAvailable');
  });
}
