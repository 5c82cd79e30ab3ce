// Records a real app's platform-channel traffic as a transcript for `hkbridge replay`. All logic
// is in hkbridge_client's HkRecorder (tested on the plain Dart VM); this file only feeds it.

import 'dart:typed_data';
import 'dart:ui' as ui;

import 'package:flutter/services.dart';
import 'package:hkbridge_client/hkbridge_client.dart';

/// A [BinaryMessenger] that passes everything to [inner] and writes each exchange on the
/// recorded channels as a transcript line with its exact bytes (the format of
/// `hkbridge serve --record`).
///
/// Messages the app sends are recorded as exchanges, and the messages the platform sends on
/// recorded channels (an `EventChannel`'s events) as event lines after the newest exchange;
/// lines come out in the order the app sent the messages, each with `at`, the device's clock
/// when it was sent ([clock]; null leaves it out). [header] (when given and [writeHeader]) is
/// the first line: say which device and iOS version the recording is from, and the app's
/// `bundleId` and `appName` (replay makes the emulated app that app).
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
    DateTime Function()? clock = HkRecorder.deviceClock,
  }) : recorder = HkRecorder(inner.send,
            onLine: onLine,
            methodChannels: methodChannels,
            messageChannels: messageChannels,
            header: header,
            writeHeader: writeHeader,
            clock: clock);

  /// The messenger that really talks to the platform.
  final BinaryMessenger inner;

  /// Where the exchanges go.
  final HkRecorder recorder;

  @override
  Future<ByteData?> send(String channel, ByteData? message) => recorder.send(channel, message);

  @override
  void setMessageHandler(String channel, MessageHandler? handler) => inner.setMessageHandler(
      channel,
      handler == null
          ? null
          : (ByteData? data) {
              // An event channel's event (or the end of its stream) becomes an event line.
              recorder.hostMessage(channel, data);
              return handler(data);
            });

  @override
  // ignore: deprecated_member_use
  Future<void> handlePlatformMessage(
          String channel, ByteData? data, ui.PlatformMessageResponseCallback? callback) =>
      // ignore: deprecated_member_use
      inner.handlePlatformMessage(channel, data, callback);
}
