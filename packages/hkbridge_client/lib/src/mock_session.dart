// The logic behind the Flutter test-messenger adapter (mock_messenger.dart), without Flutter:
// which channels go to hkbridge, the handler a messenger installs for them, and how messages
// that hkbridge starts reach the app's handlers.

import 'dart:async';
import 'dart:typed_data';

import 'client.dart';
import 'control.dart';
import 'golden.dart';
import 'transcript.dart';

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
///
/// With a [golden], every message on [channels] (control calls included, so that the golden
/// also replays with `hkbridge replay`) and every event is recorded, and [close] compares the
/// recording with the golden file ([HkGolden.check]): a plugin that now sends something else
/// fails with the diff; `HKBRIDGE_UPDATE_GOLDENS=1` rewrites the file instead.
class HkMockSession {
  HkMockSession(this.bridge,
      {List<String>? channels, this.golden, Set<String>? messageChannels})
      : channels = List.unmodifiable(channels ?? bridge.channels) {
    final golden = this.golden;
    if (golden != null) {
      final messages = messageChannels ?? {for (final c in this.channels) if (isPigeonChannel(c)) c};
      _recorder = HkRecorder(bridge.send,
          onLine: golden.add,
          methodChannels: {for (final c in this.channels) if (!messages.contains(c)) c},
          messageChannels: messages,
          header: HkTranscriptHeader.fromHello(bridge.hello),
          // An emulator session has the emulator's clock, which replay starts from anyway.
          clock: null);
    }
  }

  /// The client underneath (raw frames, HELLO).
  final HkBridge bridge;

  /// The channels whose outgoing messages go to hkbridge: by default every channel its HELLO
  /// lists (the plugin channel(s) and `hkbridge/control`).
  final List<String> channels;

  /// The golden file this session's traffic is compared with on [close]; null: none.
  final HkGolden? golden;

  HkRecorder? _recorder;

  /// The control channel of the same emulator (recorded too when there is a [golden]).
  HkControl get control {
    final recorder = _recorder;
    return recorder == null ? bridge.control : HkControl(recorder.send);
  }

  /// Whether [channel] is a Pigeon host API channel, which carries plain messages (what a
  /// golden records as `message`, not `call`).
  static bool isPigeonChannel(String channel) => channel.startsWith('dev.flutter.pigeon.');

  /// Starts hkbridge (`executable serve --profile P... ...args`, with what [HkBridge.start]
  /// takes: [profiles], [args], [onStderr], [helloTimeout], [maxFrameLength];
  /// [executable] found by [HkBridge.findExecutable] when null). Messages hkbridge starts go to
  /// [deliverHostMessage] (without it they get a null reply). [golden]: the path of a golden
  /// file this session's traffic is compared with on [close] (see [HkGolden]).
  static Future<HkMockSession> start({
    String? executable,
    List<String> profiles = const [],
    List<String> args = const [],
    List<String>? channels,
    String? golden,
    void Function(String line)? onStderr,
    HkDeliverHostMessage? deliverHostMessage,
    Duration helloTimeout = const Duration(seconds: 30),
    int maxFrameLength = 1 << 30,
  }) async {
    late HkMockSession session;
    final bridge = await HkBridge.start(
      executable: executable,
      profiles: profiles,
      args: args,
      onStderr: onStderr,
      helloTimeout: helloTimeout,
      maxFrameLength: maxFrameLength,
      onHostMessage: deliverHostMessage == null && golden == null
          ? null
          : hostMessageHandler((channel, message, reply) {
              session._recorder?.hostMessage(channel, message);
              deliverHostMessage == null
                  ? reply(null)
                  : deliverHostMessage(channel, message, reply);
            }),
    );
    return session =
        HkMockSession(bridge, channels: channels, golden: golden == null ? null : HkGolden(golden));
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
    final recorder = _recorder;
    return recorder == null ? bridge.send(channel, message) : recorder.send(channel, message);
  }

  /// Closes hkbridge's stdin and returns its exit code (0 = clean). With a [golden], then
  /// checks it: throws [HkGoldenMismatch] with the diff when the traffic differs (or rewrites
  /// the file when `HKBRIDGE_UPDATE_GOLDENS=1`).
  Future<int> close() async {
    final code = await bridge.close();
    golden?.check();
    return code;
  }
}
