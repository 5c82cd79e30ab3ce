import 'package:hkbridge_client/hkbridge_client.dart';

/// The hkbridge binary the tests run (HKBRIDGE, PATH, .dart_tool/hkbridge/hkbridge), or null
/// when there is none: the tests that need it are then skipped, saying so.
String? hkbridgeBinary() {
  try {
    return HkBridge.findExecutable();
  } on HkBridgeNotFoundException {
    return null;
  }
}
