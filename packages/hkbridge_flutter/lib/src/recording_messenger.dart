// Records a real app's platform-channel traffic as a transcript for `hkbridge replay`. All logic
// is in HkRecorder (transcript.dart, tested on the plain Dart VM); this file only feeds it.

import 'dart:typed_data';
import 'dart:ui' as ui;

import 'package:flutter/services.dart';

import 'transcript.dart';

/// A [BinaryMessenger] that passes everything to [inner] and writes each exchange on the
/// recorded channels as a transcript line with its exact bytes (the format of
/// `hkbridge serve --record`).
///
/// Only messages the app sends are recorded (a transcript has no platform-to-Dart lines);
/// lines come out in the order the app sent the messages. [header] (when given and
/// [writeHeader]) is the first line: say which device and iOS version the recording is from.
/// Install it for the whole app by overriding `createBinaryMessenger` in a binding; see
/// `example/record_on_device.dart`.
class RecordingBinaryMessenger extends BinaryMessenger {
  RecordingBinaryMessenger(
    this.inner, {
    required void Function(String line) onLine,
    Set<String> methodChannels = const {'healthkit_permissions'},
    Set<String> messageChannels = const {},
    HkTranscriptHeader? header,
    bool writeHeader = true,
  }) : recorder = HkRecorder(
            onLine: onLine,
            methodChannels: methodChannels,
            messageChannels: messageChannels,
            header: header,
            writeHeader: writeHeader);

  /// The messenger that really talks to the platform.
  final BinaryMessenger inner;

  /// Where the exchanges go.
  final HkRecorder recorder;

  @override
  Future<ByteData?>? send(String channel, ByteData? message) =>
      recorder.send(channel, message, inner.send);

  @override
  void setMessageHandler(String channel, MessageHandler? handler) =>
      inner.setMessageHandler(channel, handler);

  @override
  // ignore: deprecated_member_use
  Future<void> handlePlatformMessage(
          String channel, ByteData? data, ui.PlatformMessageResponseCallback? callback) =>
      // ignore: deprecated_member_use
      inner.handlePlatformMessage(channel, data, callback);
}
