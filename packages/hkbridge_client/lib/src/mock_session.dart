// The logic behind the Flutter test-messenger adapter (mock_messenger.dart), without Flutter:
// which channels go to hkbridge, the handler a messenger installs for them, and how messages
// that hkbridge starts reach the app's handlers.

import 'dart:async';
import 'dart:typed_data';

import 'client.dart';
import 'control.dart';

/// What a mock messenger calls for a channel: the message the app sent in, the reply out
/// (null = a null reply). Flutter's `setMockMessageHandler` takes `(message) => handle(channel,
/// message)`.
typedef HkChannelHandler = Future<ByteData?> Function(String channel, ByteData? message);

/// Delivers a message hkbridge starts (HOST_MESSAGE) to the app's handler for [channel] and
/// calls [reply] with its answer: Flutter's `TestDefaultBinaryMessenger.handlePlatformMessage`.
typedef HkDeliverHostMessage = void Function(
    String channel, ByteData? message, void Function(ByteData? reply) reply);

/// A running hkbridge as a messenger sees it: the [channels] it serves and the [handle]r to
/// install for each of them.
class HkMockSession {
  HkMockSession(this.bridge, {List<String>? channels})
      : channels = List.unmodifiable(channels ?? bridge.channels);

  /// The client underneath (raw frames, HELLO).
  final HkBridge bridge;

  /// The channels whose outgoing messages go to hkbridge: by default every channel its HELLO
  /// lists (the plugin channel(s) and `hkbridge/control`).
  final List<String> channels;

  /// The control channel of the same emulator.
  HkControl get control => bridge.control;

  /// Starts hkbridge (`executable serve ...args`; [executable] found by
  /// [HkBridge.findExecutable] when null). Messages hkbridge starts go to [deliverHostMessage]
  /// (without it they get a null reply).
  static Future<HkMockSession> start({
    String? executable,
    List<String> args = const [],
    List<String>? channels,
    void Function(String line)? onStderr,
    HkDeliverHostMessage? deliverHostMessage,
  }) async {
    final bridge = await HkBridge.start(
      executable: executable,
      args: args,
      onStderr: onStderr,
      onHostMessage: deliverHostMessage == null ? null : hostMessageHandler(deliverHostMessage),
    );
    return HkMockSession(bridge, channels: channels);
  }

  /// A [HostMessageHandler] that hands each HOST_MESSAGE to [deliver] and answers with what
  /// the app's handler replies.
  static HostMessageHandler hostMessageHandler(HkDeliverHostMessage deliver) =>
      (String channel, ByteData? message) {
        final reply = Completer<ByteData?>();
        deliver(channel, message, (ByteData? answer) {
          if (!reply.isCompleted) reply.complete(answer);
        });
        return reply.future;
      };

  /// The handler for every channel in [channels]: sends [message] to hkbridge and completes
  /// with its reply. A channel not in [channels] gets a null reply, as a channel without a
  /// handler does in Flutter.
  Future<ByteData?> handle(String channel, ByteData? message) {
    if (!channels.contains(channel)) return Future<ByteData?>.value(null);
    return bridge.send(channel, message);
  }

  /// Closes hkbridge's stdin and returns its exit code (0 = clean).
  Future<int> close() => bridge.close();
}
