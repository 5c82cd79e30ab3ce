// Method calls over raw bytes without Flutter: what `MethodChannel.invokeMethod` does.

import 'dart:typed_data';

import 'codec.dart';

/// Sends [message] on [channel] and completes with the reply (null = null reply).
/// `HkBridge.send` has this shape, and so does a Flutter `BinaryMessenger.send`.
typedef HkSend = Future<ByteData?> Function(String channel, ByteData? message);

/// A null reply to a method call (Flutter: `MissingPluginException`).
class HkNotImplementedException implements Exception {
  const HkNotImplementedException(this.channel, this.method);
  final String channel;
  final String method;

  @override
  String toString() => 'HkNotImplementedException: no implementation for $method on $channel';
}

/// The bytes of [data] as a list (a view; no copy).
Uint8List bytesOf(ByteData data) => Uint8List.sublistView(data);

/// [bytes] as [ByteData] (a view; no copy).
ByteData byteDataOf(Uint8List bytes) => ByteData.sublistView(bytes);

/// Calls [method] on [channel] through [send] with the standard method codec and returns the
/// decoded result. Throws [HkPlatformException] for an error envelope,
/// [HkNotImplementedException] for a null reply, [HkCodecException] for undecodable bytes.
Future<Object?> hkInvokeMethod(HkSend send, String channel, String method,
    [Object? arguments, HkMethodCodec codec = const HkMethodCodec()]) async {
  final reply = await send(channel, codec.encodeMethodCall(HkMethodCall(method, arguments)));
  if (reply == null) throw HkNotImplementedException(channel, method);
  return codec.decodeEnvelope(reply);
}
