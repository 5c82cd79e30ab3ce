// Event channels without Flutter: what `EventChannel.receiveBroadcastStream` does, over any
// send function and a way to receive the host's messages on a channel (../../protocol/events.md).

import 'dart:async';
import 'dart:typed_data';

import 'codec.dart';
import 'invoke.dart';

/// Installs (or, with null, removes) the handler for the messages the host starts on
/// [channel]: `HkBridge.setEventHandler`, or a Flutter messenger's `setMessageHandler`.
typedef HkEventRoute = void Function(String channel, void Function(ByteData? message)? handler);

/// A broadcast stream of the events on [channel], exactly as Flutter's
/// `EventChannel(channel).receiveBroadcastStream(arguments)` makes it: the first listener sends
/// `listen` with [arguments], each success envelope the host sends is an event, an error
/// envelope an [HkPlatformException] error, a null message closes the stream; when the last
/// listener cancels, `cancel` is sent with [arguments]. A failed `listen` is added to the
/// stream as an error (Flutter reports it to `FlutterError.onError`).
Stream<Object?> hkEventStream(HkSend send, HkEventRoute route, String channel,
    [Object? arguments, HkMethodCodec codec = const HkMethodCodec()]) {
  late StreamController<Object?> controller;
  controller = StreamController<Object?>.broadcast(onListen: () async {
    route(channel, (ByteData? message) {
      if (message == null) {
        controller.close();
        return;
      }
      try {
        controller.add(codec.decodeEnvelope(message));
      } on HkPlatformException catch (e) {
        controller.addError(e);
      }
    });
    try {
      await hkInvokeMethod(send, channel, 'listen', arguments, codec);
    } catch (error, stack) {
      if (!controller.isClosed) controller.addError(error, stack);
    }
  }, onCancel: () async {
    route(channel, null);
    try {
      await hkInvokeMethod(send, channel, 'cancel', arguments, codec);
    } catch (_) {
      // Flutter reports a failed cancel and goes on; so does this stream.
    }
  });
  return controller.stream;
}
