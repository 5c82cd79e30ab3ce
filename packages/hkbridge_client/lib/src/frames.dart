// The harness frame format (../../protocol/frames.md): a uint32 LE length N, then N bytes of body:
// kind (1), flags (1; bit 0 = null payload), id (uint32 LE), channel length L (uint16 LE),
// channel name (L bytes of UTF-8), payload (the rest).

import 'dart:convert';
import 'dart:typed_data';

import 'growable_bytes.dart';

/// The frame kinds and their bytes (a class of constants rather than an enum with fields, so
/// that the core runs on Dart 2.16 as well as Dart 3).
class FrameKind {
  const FrameKind._(this.name, this.byte);

  /// The kind's name, as in the protocol's table (`hello`, `message`, ...).
  final String name;

  /// The kind byte on the wire.
  final int byte;

  /// host → Dart, first frame, id 0, empty channel; payload = a StandardMessageCodec map.
  static const FrameKind hello = FrameKind._('hello', 0x00);

  /// Dart → host: a platform message; answered by one [reply] with the same id.
  static const FrameKind message = FrameKind._('message', 0x01);

  /// host → Dart: the reply bytes; null payload = null reply.
  static const FrameKind reply = FrameKind._('reply', 0x02);

  /// host → Dart: a message the host starts (event channels); answered by [hostReply].
  static const FrameKind hostMessage = FrameKind._('hostMessage', 0x03);

  /// Dart → host: the answer to a [hostMessage], same id.
  static const FrameKind hostReply = FrameKind._('hostReply', 0x04);

  /// host → Dart: the frame with this id (0 if unknown) was malformed; payload = UTF-8 reason.
  static const FrameKind protocolError = FrameKind._('protocolError', 0x7f);

  /// Every kind, in byte order.
  static const List<FrameKind> values = [
    hello,
    message,
    reply,
    hostMessage,
    hostReply,
    protocolError,
  ];

  static FrameKind? fromByte(int byte) {
    for (final kind in values) {
      if (kind.byte == byte) return kind;
    }
    return null;
  }

  @override
  String toString() => 'FrameKind.$name';
}

/// Flags bit 0: the payload is null, not merely empty.
const int frameFlagNullPayload = 0x01;

/// Bytes before the channel name in a frame body: kind, flags, id, channel length.
const int frameHeaderLength = 8;

/// The host's default `--max-frame` (64 MiB).
const int defaultMaxFrameLength = 64 * 1024 * 1024;

/// One frame.
class Frame {
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
class FrameFormatException implements Exception {
  const FrameFormatException(this.kind, this.message);
  final FrameErrorKind kind;
  final String message;

  @override
  String toString() => 'FrameFormatException(${kind.name}): $message';
}

/// The bytes of [frame], length prefix included.
Uint8List encodeFrame(Frame frame) =>
    (FrameWriter(initialCapacity: 64)..add(frame.kind, frame.id, frame.channel, frame.payload))
        .take();

/// Frames written one after another into one growing buffer, in place: what a client queues
/// between two writes to the pipe.
class FrameWriter {
  FrameWriter({int initialCapacity = 4096}) : _bytes = Uint8List(initialCapacity);

  Uint8List _bytes;
  int _length = 0;

  /// Whether nothing is queued.
  bool get isEmpty => _length == 0;

  /// Appends one frame. Throws [ArgumentError] (and appends nothing) for an id beyond uint32, a
  /// channel name longer than 65535 bytes of UTF-8, or a body longer than uint32 allows.
  void add(FrameKind kind, int id, String channel, Uint8List? payload) {
    if (id < 0 || id > 0xffffffff) {
      throw ArgumentError.value(id, 'id', 'must fit in uint32');
    }
    final name = _channelBytes(channel);
    if (name.length > 0xffff) {
      throw ArgumentError.value(
          channel, 'channel', 'is ${name.length} bytes of UTF-8; at most 65535 fit');
    }
    final bodyLength = frameHeaderLength + name.length + (payload?.length ?? 0);
    if (bodyLength > 0xffffffff) {
      throw ArgumentError.value(bodyLength, 'payload', 'makes a body longer than uint32 allows');
    }
    _reserve(4 + bodyLength);
    final out = _bytes;
    final at = _length;
    out
      ..[at] = bodyLength & 0xff
      ..[at + 1] = (bodyLength >> 8) & 0xff
      ..[at + 2] = (bodyLength >> 16) & 0xff
      ..[at + 3] = (bodyLength >> 24) & 0xff
      ..[at + 4] = kind.byte
      ..[at + 5] = payload == null ? frameFlagNullPayload : 0
      ..[at + 6] = id & 0xff
      ..[at + 7] = (id >> 8) & 0xff
      ..[at + 8] = (id >> 16) & 0xff
      ..[at + 9] = (id >> 24) & 0xff
      ..[at + 10] = name.length & 0xff
      ..[at + 11] = name.length >> 8;
    final channelStart = at + 12;
    out.setRange(channelStart, channelStart + name.length, name);
    if (payload != null) {
      final payloadStart = channelStart + name.length;
      out.setRange(payloadStart, payloadStart + payload.length, payload);
    }
    _length = at + 4 + bodyLength;
  }

  /// Appends [bytes] as they are (a frame built elsewhere, or deliberately malformed bytes).
  void addBytes(Uint8List bytes) {
    _reserve(bytes.length);
    _bytes.setRange(_length, _length + bytes.length, bytes);
    _length += bytes.length;
  }

  /// Everything queued, in order; the writer is empty afterwards.
  Uint8List take() {
    final out = Uint8List.fromList(Uint8List.sublistView(_bytes, 0, _length));
    _length = 0;
    if (_bytes.length > 1 << 20) _bytes = Uint8List(4096); // after a burst, give it back
    return out;
  }

  void _reserve(int extra) {
    _bytes = growBytes(_bytes, _length, _length + extra);
  }
}

// A client sends on a handful of channels: their UTF-8 bytes, and the names read back, are
// kept rather than converted for every frame.
final Map<String, Uint8List> _encodedChannels = {};

Uint8List _channelBytes(String channel) {
  final known = _encodedChannels[channel];
  if (known != null) return known;
  final bytes = Uint8List.fromList(utf8.encode(channel));
  if (_encodedChannels.length < 64) _encodedChannels[channel] = bytes;
  return bytes;
}

Uint8List _lastChannelBytes = Uint8List(0);
String _lastChannel = '';

String _channelName(Uint8List body, int start, int end) {
  final length = end - start;
  if (length == 0) return '';
  if (length == _lastChannelBytes.length) {
    var same = true;
    for (var i = 0; i < length; i++) {
      if (body[start + i] != _lastChannelBytes[i]) {
        same = false;
        break;
      }
    }
    if (same) return _lastChannel;
  }
  final name = utf8.decode(Uint8List.sublistView(body, start, end));
  _lastChannelBytes = Uint8List.fromList(Uint8List.sublistView(body, start, end));
  _lastChannel = name;
  return name;
}

/// The frame in [body] (the bytes after the length prefix). Copies the payload.
Frame decodeFrameBody(Uint8List body) {
  if (body.length < frameHeaderLength) {
    throw FrameFormatException(FrameErrorKind.shortBody,
        'a frame body is at least $frameHeaderLength bytes (kind, flags, id, channel length), '
        'this one is ${body.length}');
  }
  final kindByte = body[0];
  final flags = body[1];
  final id = body[2] | body[3] << 8 | body[4] << 16 | body[5] << 24;
  final kind = FrameKind.fromByte(kindByte);
  if (kind == null) {
    throw FrameFormatException(FrameErrorKind.unknownKind,
        'frame $id has kind 0x${kindByte.toRadixString(16).padLeft(2, '0')}; '
        'known kinds are 0x00-0x04 and 0x7f');
  }
  final channelLength = body[6] | body[7] << 8;
  final channelEnd = frameHeaderLength + channelLength;
  if (channelEnd > body.length) {
    throw FrameFormatException(FrameErrorKind.channelPastEnd,
        'frame $id names a $channelLength-byte channel, but only '
        '${body.length - frameHeaderLength} bytes follow the header');
  }
  final String channel;
  try {
    channel = _channelName(body, frameHeaderLength, channelEnd);
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
class FrameReader {
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
    final b = _buffer;
    final s = _start;
    final length = b[s] | b[s + 1] << 8 | b[s + 2] << 16 | b[s + 3] << 24;
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
