/// The former name of `package:hkbridge_client/hkbridge_client.dart`, which is now pure Dart
/// itself: this library exports exactly the same.
library hkbridge_core;

export 'hkbridge_client.dart';
