import Flutter
