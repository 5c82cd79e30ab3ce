// The harness frame format (protocol/frames.md): a uint32 LE length N, then N bytes of body:
// kind (1), flags (1; bit 0 = null payload), id (uint32 LE), channel length L (uint16 LE),
// channel name (L bytes of UTF-8), payload (the rest).

import 'dart:convert';
import 'dart:typed_data';

/// The frame kinds and their bytes.
enum FrameKind {
  /// host → Dart, first frame, id 0, empty channel; payload = a StandardMessageCodec map.
  hello(0x00),

  /// Dart → host: a platform message; answered by one [reply] with the same id.
  message(0x01),

  /// host → Dart: the reply bytes; null payload = null reply.
  reply(0x02),

  /// host → Dart: a message the host starts (event channels); answered by [hostReply].
  hostMessage(0x03),

  /// Dart → host: the answer to a [hostMessage], same id.
  hostReply(0x04),

  /// host → Dart: the frame with this id (0 if unknown) was malformed; payload = UTF-8 reason.
  protocolError(0x7f);

  const FrameKind(this.byte);
  final int byte;

  static FrameKind? fromByte(int byte) {
    for (final kind in values) {
      if (kind.byte == byte) return kind;
    }
    return null;
  }
}

/// Flags bit 0: the payload is null, not merely empty.
const int frameFlagNullPayload = 0x01;

/// Bytes before the channel name in a frame body: kind, flags, id, channel length.
const int frameHeaderLength = 8;

/// The host's default `--max-frame` (64 MiB).
const int defaultMaxFrameLength = 64 * 1024 * 1024;

/// One frame.
final class Frame {
  Frame(this.kind, this.id, this.channel, this.payload);
  final FrameKind kind;

  /// uint32, chosen by the sender of a message and echoed in its reply.
  final int id;
  final String channel;

  /// `null` is a null payload (flags bit 0); an empty list is an empty payload.
  final Uint8List? payload;

  @override
  String toString() {
    final bytes = payload == null ? 'null' : '${payload!.length} bytes';
    return 'Frame(${kind.name}, id $id, "$channel", $bytes)';
  }
}

/// What was wrong with a frame.
enum FrameErrorKind {
  /// The body is shorter than the 8 header bytes.
  shortBody,

  /// The channel name length runs past the end of the body.
  channelPastEnd,

  /// The channel name is not valid UTF-8.
  invalidChannelName,

  /// The kind byte is not one of [FrameKind].
  unknownKind,

  /// The null-payload flag is set but payload bytes follow.
  nullWithPayload,

  /// The length prefix is above the reader's limit.
  tooLong,

  /// The stream ended inside a frame.
  endedInsideFrame,
}

/// A malformed frame or frame stream.
final class FrameFormatException implements Exception {
  const FrameFormatException(this.kind, this.message);
  final FrameErrorKind kind;
  final String message;

  @override
  String toString() => 'FrameFormatException(${kind.name}): $message';
}

/// The bytes of [frame], length prefix included.
Uint8List encodeFrame(Frame frame) {
  if (frame.id < 0 || frame.id > 0xffffffff) {
    throw ArgumentError.value(frame.id, 'id', 'must fit in uint32');
  }
  final channel = utf8.encode(frame.channel);
  if (channel.length > 0xffff) {
    throw ArgumentError.value(
        frame.channel, 'channel', 'is ${channel.length} bytes of UTF-8; at most 65535 fit');
  }
  final payload = frame.payload;
  final bodyLength = frameHeaderLength + channel.length + (payload?.length ?? 0);
  if (bodyLength > 0xffffffff) {
    throw ArgumentError.value(bodyLength, 'payload', 'makes a body longer than uint32 allows');
  }
  final out = Uint8List(4 + bodyLength);
  ByteData.sublistView(out)
    ..setUint32(0, bodyLength, Endian.little)
    ..setUint8(4, frame.kind.byte)
    ..setUint8(5, payload == null ? frameFlagNullPayload : 0)
    ..setUint32(6, frame.id, Endian.little)
    ..setUint16(10, channel.length, Endian.little);
  out.setRange(12, 12 + channel.length, channel);
  if (payload != null) out.setRange(12 + channel.length, out.length, payload);
  return out;
}

/// The frame in [body] (the bytes after the length prefix). Copies the payload.
Frame decodeFrameBody(Uint8List body) {
  if (body.length < frameHeaderLength) {
    throw FrameFormatException(FrameErrorKind.shortBody,
        'a frame body is at least $frameHeaderLength bytes (kind, flags, id, channel length), '
        'this one is ${body.length}');
  }
  final data = ByteData.sublistView(body);
  final kindByte = data.getUint8(0);
  final flags = data.getUint8(1);
  final id = data.getUint32(2, Endian.little);
  final kind = FrameKind.fromByte(kindByte);
  if (kind == null) {
    throw FrameFormatException(FrameErrorKind.unknownKind,
        'frame $id has kind 0x${kindByte.toRadixString(16).padLeft(2, '0')}; '
        'known kinds are 0x00-0x04 and 0x7f');
  }
  final channelLength = data.getUint16(6, Endian.little);
  final channelEnd = frameHeaderLength + channelLength;
  if (channelEnd > body.length) {
    throw FrameFormatException(FrameErrorKind.channelPastEnd,
        'frame $id names a $channelLength-byte channel, but only '
        '${body.length - frameHeaderLength} bytes follow the header');
  }
  final String channel;
  try {
    channel = utf8.decode(Uint8List.sublistView(body, frameHeaderLength, channelEnd));
  } on FormatException {
    throw FrameFormatException(
        FrameErrorKind.invalidChannelName, 'frame $id has a channel name that is not UTF-8');
  }
  final isNull = (flags & frameFlagNullPayload) != 0;
  if (isNull && channelEnd != body.length) {
    throw FrameFormatException(FrameErrorKind.nullWithPayload,
        'frame $id sets the null-payload flag but carries ${body.length - channelEnd} bytes');
  }
  return Frame(kind, id, channel, isNull ? null : body.sublist(channelEnd));
}

/// Splits a byte stream into frames: chunks may hold part of a frame or several frames.
final class FrameReader {
  FrameReader({this.maxFrameLength = 1 << 30});

  /// The largest body accepted; a longer length prefix is a [FrameErrorKind.tooLong] error.
  final int maxFrameLength;

  Uint8List _buffer = Uint8List(4096);
  int _start = 0;
  int _end = 0;

  /// Whether no partial frame is buffered (the stream may end here cleanly).
  bool get isAtBoundary => _start == _end;

  /// Bytes buffered that do not yet make a whole frame.
  int get bufferedLength => _end - _start;

  /// Adds [chunk] and returns every frame it completes, in order. Throws
  /// [FrameFormatException] at the first malformed frame (use [feed] and [next] to keep the
  /// frames before it).
  List<Frame> add(List<int> chunk) {
    feed(chunk);
    final frames = <Frame>[];
    for (var frame = next(); frame != null; frame = next()) {
      frames.add(frame);
    }
    return frames;
  }

  /// Buffers [chunk]; take the frames it completes with [next].
  void feed(List<int> chunk) => _append(chunk);

  /// The next complete frame, or null when the buffer holds no whole frame. Throws
  /// [FrameFormatException] for a malformed one (and skips it).
  Frame? next() {
    if (_end - _start < 4) return null;
    final length = ByteData.sublistView(_buffer, _start, _start + 4).getUint32(0, Endian.little);
    if (length > maxFrameLength) {
      throw FrameFormatException(FrameErrorKind.tooLong,
          'a frame of $length bytes is above the limit of $maxFrameLength');
    }
    if (_end - _start - 4 < length) return null;
    final bodyStart = _start + 4;
    _start = bodyStart + length;
    final body = Uint8List.sublistView(_buffer, bodyStart, _start);
    if (_start == _end) {
      // Empty again: later chunks start at the front. The body view stays valid until then,
      // and decodeFrameBody copies what it keeps.
      _start = 0;
      _end = 0;
    }
    return decodeFrameBody(body);
  }

  /// Call at the end of the stream: throws if it ended inside a frame.
  void close() {
    if (!isAtBoundary) {
      throw FrameFormatException(FrameErrorKind.endedInsideFrame,
          'the stream ended inside a frame, $bufferedLength bytes into it');
    }
  }

  void _append(List<int> chunk) {
    if (chunk.isEmpty) return;
    if (_end + chunk.length > _buffer.length) {
      final live = _end - _start;
      final needed = live + chunk.length;
      if (needed <= _buffer.length) {
        _buffer.setRange(0, live, _buffer, _start);
      } else {
        var capacity = _buffer.length * 2;
        while (capacity < needed) {
          capacity *= 2;
        }
        _buffer = Uint8List(capacity)..setRange(0, live, _buffer, _start);
      }
      _start = 0;
      _end = live;
    }
    _buffer.setRange(_end, _end + chunk.length, chunk);
    _end += chunk.length;
  }
}
