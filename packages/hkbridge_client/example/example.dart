// Drive hkbridge from plain Dart (no Flutter): start it, read HELLO, set the device up through
// the control channel, call the plugin channel, close.
//
//   dart pub get
//   HKBRIDGE=/path/to/hkbridge dart run example/example.dart
// or, on this repository's bare VM: HKBRIDGE=... tool/dart example/example.dart

import 'dart:io';

import 'package:hkbridge_client/hkbridge_client.dart';

Future<void> main() async {
  // No executable: found through HKBRIDGE, then PATH, then .dart_tool/hkbridge/hkbridge.
  final bridge = await HkBridge.start(
    args: ['--device', 'iPhone', '--os', '17.5'],
  );
  print('hkbridge ${bridge.emulator}, protocol ${bridge.protocol}, channels ${bridge.channels}');

  await bridge.control.configure(device: HkDevice.iPad, osVersion: '17.0');

  const channel = 'healthkit_permissions';
  print('isAvailable: ${await bridge.invokeMethod(channel, 'isAvailable')}');
  try {
    await bridge.invokeMethod(channel, 'readCharacteristic',
        {'identifier': 'HKCharacteristicTypeIdentifierBloodType'});
  } on HkPlatformException catch (e) {
    print('readCharacteristic: ${e.code} ${e.details}');
  }

  // Pipelining: every call has its own id; replies are matched by id.
  final answers = await Future.wait([
    for (var i = 0; i < 100; i++) bridge.invokeMethod(channel, 'isAvailable'),
  ]);
  print('100 pipelined isAvailable calls: ${answers.toSet()}');

  // The bytes, with Flutter's codec shapes.
  const codec = HkMethodCodec();
  final reply = await bridge.send(channel, codec.encodeMethodCall(const HkMethodCall('isAvailable')));
  print('isAvailable, decoded by hand: ${codec.decodeEnvelope(reply!)}');
  print('calls the emulator logged: ${(await bridge.control.calls()).map((c) => c.method).toSet()}');

  final code = await bridge.close();
  await stdout.flush();
  exit(code);
}
