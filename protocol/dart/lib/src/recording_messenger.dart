// Records a real app's platform-channel traffic as a transcript for `hkbridge replay`.

import 'dart:typed_data';
import 'dart:ui' as ui;

import 'package:flutter/services.dart';

import 'transcript.dart';

/// A [BinaryMessenger] that passes everything to [inner] and writes each exchange on the
/// recorded channels as a transcript line (protocol/transcripts.md) with its exact bytes.
///
/// Only messages the app sends are recorded (a transcript has no platform-to-Dart lines);
/// lines come out in the order the app sent the messages. Install it for the whole app by
/// overriding `createBinaryMessenger` in a binding; see `example/record_on_device.dart`.
class RecordingBinaryMessenger extends BinaryMessenger {
  RecordingBinaryMessenger(
    this.inner, {
    required void Function(String line) onLine,
    Set<String> methodChannels = const {'healthkit_permissions'},
    Set<String> messageChannels = const {},
  })  : _methodChannels = methodChannels,
        _messageChannels = messageChannels,
        _recorder = TranscriptRecorder(onLine);

  /// The messenger that really talks to the platform.
  final BinaryMessenger inner;
  final Set<String> _methodChannels;
  final Set<String> _messageChannels;
  final TranscriptRecorder _recorder;

  @override
  Future<ByteData?>? send(String channel, ByteData? message) {
    final isMethodCall = _methodChannels.contains(channel);
    if (!isMethodCall && !_messageChannels.contains(channel)) {
      return inner.send(channel, message);
    }
    final ticket = _recorder.begin(
        channel, message == null ? null : Uint8List.sublistView(message),
        isMethodCall: isMethodCall);
    final Future<ByteData?>? reply;
    try {
      reply = inner.send(channel, message);
    } catch (error) {
      _recorder.fail(ticket, error);
      rethrow;
    }
    if (reply == null) {
      _recorder.complete(ticket, null);
      return null;
    }
    return reply.then((ByteData? data) {
      _recorder.complete(ticket, data == null ? null : Uint8List.sublistView(data));
      return data;
    }, onError: (Object error, StackTrace stack) {
      _recorder.fail(ticket, error);
      Error.throwWithStackTrace(error, stack);
    });
  }

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
