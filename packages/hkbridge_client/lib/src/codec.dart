// Flutter's standard message and method codecs, in pure Dart (no Flutter import), so that the
// HELLO frame and the control channel can be read in a plain `dart test` too. The bytes are the
// ones Flutter's `StandardMessageCodec` / `StandardMethodCodec` write (../../protocol/codec.md).

import 'dart:convert';
import 'dart:typed_data';

import 'growable_bytes.dart';

/// An integer written (or to be written) with tag 4 although it fits in int32.
///
/// Only produced by a decoder with `preserveWidths: true`; accepted by the encoder. iOS writes
/// Swift `Int` results this way.
class HkInt64 {
  const HkInt64(this.value);
  final int value;

  @override
  bool operator ==(Object other) => other is HkInt64 && other.value == value;
  @override
  int get hashCode => value.hashCode;
  @override
  String toString() => 'HkInt64($value)';
}

/// A large integer (tag 5): ASCII hex text. Flutter's Dart decoder returns it as a `String`.
class HkLargeInt {
  const HkLargeInt(this.hex);
  final String hex;

  @override
  bool operator ==(Object other) => other is HkLargeInt && other.hex == hex;
  @override
  int get hashCode => hex.hashCode;
  @override
  String toString() => 'HkLargeInt($hex)';
}

/// An extension value (tag 128-255) followed by one encoded value (Pigeon's convention).
class HkExt {
  const HkExt(this.tag, this.value);
  final int tag;
  final Object? value;

  @override
  bool operator ==(Object other) => other is HkExt && other.tag == tag && other.value == value;
  @override
  int get hashCode => Object.hash(tag, value);
  @override
  String toString() => 'HkExt($tag, $value)';
}

/// What was wrong with bytes that did not decode; mirrors the Swift `CodecError.Kind`.
enum HkCodecErrorKind {
  truncated,
  unknownTag,
  sizeOutOfBounds,
  invalidUtf8,
  trailingBytes,
  methodNameNotString,
  invalidEnvelopeFlag,
  emptyEnvelope,
  invalidErrorEnvelope,
  nestingTooDeep,
}

/// Bytes that are not a valid message, method call or envelope.
class HkCodecException implements Exception {
  const HkCodecException(this.kind, this.offset, this.expected);
  final HkCodecErrorKind kind;

  /// Offset of the offending byte from the start of the buffer.
  final int offset;

  /// What a valid buffer has at [offset].
  final String expected;

  /// `KIND at offset N: expected WHAT`, as hkbridge describes a codec error.
  String get description =>
      '${kind == HkCodecErrorKind.invalidUtf8 ? 'invalidUTF8' : kind.name} at offset $offset: '
      'expected $expected';

  @override
  String toString() => 'HkCodecException(${kind.name}) at offset $offset: expected $expected';
}

/// A method call: Flutter's `MethodCall`.
class HkMethodCall {
  const HkMethodCall(this.method, [this.arguments]);
  final String method;
  final Object? arguments;

  @override
  String toString() => 'HkMethodCall($method, $arguments)';
}

/// An error envelope: the `FlutterError` the host answered with (Flutter: `PlatformException`).
class HkPlatformException implements Exception {
  const HkPlatformException(this.code, this.message, this.details, [this.stacktrace]);
  final String code;
  final String? message;
  final Object? details;
  final String? stacktrace;

  @override
  String toString() => 'HkPlatformException($code, $message, $details)';
}

/// A decoded method-channel reply envelope: an [HkSuccessEnvelope] or an [HkErrorEnvelope].
abstract class HkEnvelope {
  const HkEnvelope();
}

/// Envelope flag 0: the call succeeded with [value].
class HkSuccessEnvelope extends HkEnvelope {
  const HkSuccessEnvelope(this.value);
  final Object? value;
}

/// Envelope flag 1: a `FlutterError`.
class HkErrorEnvelope extends HkEnvelope {
  const HkErrorEnvelope(this.code, this.message, this.details, [this.stacktrace]);
  final String code;
  final String? message;
  final Object? details;
  final String? stacktrace;
}

/// Nesting limit of the decoder (lists, maps and extension values), as in the Swift codec.
const int hkMaximumDepth = 512;

/// Flutter's `StandardMessageCodec`, byte for byte.
///
/// With [preserveWidths] the decoder keeps what plain Dart values lose: a small tag-4 integer
/// becomes [HkInt64], a tag-5 large integer becomes [HkLargeInt] (Flutter gives a `String`).
/// With [allowsExtensions] tags 128-255 decode as [HkExt]; otherwise they are unknown tags.
class HkMessageCodec {
  const HkMessageCodec({this.allowsExtensions = false, this.preserveWidths = false});
  final bool allowsExtensions;
  final bool preserveWidths;

  /// The bytes of one value. Throws [ArgumentError] for a value the codec cannot write.
  Uint8List encode(Object? value) {
    final writer = HkByteWriter();
    writeValue(writer, value);
    return writer.takeBytes();
  }

  /// Exactly one value; throws [HkCodecException] for anything else.
  Object? decode(Uint8List bytes) {
    final reader = HkByteReader(bytes);
    final value = readValue(reader);
    reader.expectEnd('the end of the message');
    return value;
  }

  /// Flutter's `MessageCodec.encodeMessage`: a null message is no data (null), anything else
  /// its bytes.
  ByteData? encodeMessage(Object? message) =>
      message == null ? null : ByteData.sublistView(encode(message));

  /// Flutter's `MessageCodec.decodeMessage`: no data is null, anything else exactly one value
  /// ([HkCodecException] otherwise).
  Object? decodeMessage(ByteData? message) =>
      message == null ? null : decode(Uint8List.sublistView(message));

  void writeValue(HkByteWriter w, Object? value) {
    final v = value;
    if (v == null) {
      w.uint8(0);
    } else if (v is bool) {
      w.uint8(v ? 1 : 2);
    } else if (v is HkInt64) {
      w.uint8(4);
      w.int64(v.value);
    } else if (v is HkLargeInt) {
      w.uint8(5);
      final bytes = ascii.encode(v.hex);
      w.size(bytes.length);
      w.bytes(bytes);
    } else if (v is HkExt) {
      if (!allowsExtensions || v.tag < 128 || v.tag > 255) {
        throw ArgumentError.value(v, 'value', 'extension tags (128-255) need allowsExtensions');
      }
      w.uint8(v.tag);
      writeValue(w, v.value);
    } else if (v is double) {
      w.uint8(6);
      w.align(8);
      w.float64(v);
    } else if (v is int) {
      if (v >= -0x80000000 && v <= 0x7fffffff) {
        w.uint8(3);
        w.int32(v);
      } else {
        w.uint8(4);
        w.int64(v);
      }
    } else if (v is String) {
      final bytes = utf8.encode(v);
      w.uint8(7);
      w.size(bytes.length);
      w.bytes(bytes);
    } else if (v is Uint8List) {
      w.uint8(8);
      w.size(v.length);
      w.bytes(v);
    } else if (v is Int32List) {
      w.uint8(9);
      w.size(v.length);
      w.align(4);
      for (final e in v) {
        w.int32(e);
      }
    } else if (v is Int64List) {
      w.uint8(10);
      w.size(v.length);
      w.align(8);
      for (final e in v) {
        w.int64(e);
      }
    } else if (v is Float32List) {
      w.uint8(14);
      w.size(v.length);
      w.align(4);
      for (final e in v) {
        w.float32(e);
      }
    } else if (v is Float64List) {
      w.uint8(11);
      w.size(v.length);
      w.align(8);
      for (final e in v) {
        w.float64(e);
      }
    } else if (v is List) {
      w.uint8(12);
      w.size(v.length);
      for (final e in v) {
        writeValue(w, e);
      }
    } else if (v is Map) {
      w.uint8(13);
      w.size(v.length);
      v.forEach((Object? key, Object? item) {
        writeValue(w, key);
        writeValue(w, item);
      });
    } else {
      throw ArgumentError.value(
          v, 'value', 'a ${v.runtimeType} is not a StandardMessageCodec value');
    }
  }

  Object? readValue(HkByteReader r, [int depth = 0]) {
    final tagOffset = r.offset;
    final tag = r.uint8('a type tag');
    switch (tag) {
      case 0:
        return null;
      case 1:
        return true;
      case 2:
        return false;
      case 3:
        return r.int32('the 4 bytes of an int32');
      case 4:
        final n = r.int64('the 8 bytes of an int64');
        return preserveWidths && n >= -0x80000000 && n <= 0x7fffffff ? HkInt64(n) : n;
      case 5:
        final text = r.utf8String(r.size(), 'a large int as ASCII hex');
        return preserveWidths ? HkLargeInt(text) : text;
      case 6:
        r.align(8, 'alignment padding before a float64');
        return r.float64('the 8 bytes of a float64');
      case 7:
        return r.utf8String(r.size(), 'a UTF-8 string');
      case 8:
        return r.bytes(r.size(), 'the bytes of a Uint8List');
      case 9:
        final n = r.sizedCount(4);
        return Int32List.fromList([for (var i = 0; i < n; i++) r.int32('an Int32List element')]);
      case 10:
        final n = r.sizedCount(8);
        return Int64List.fromList([for (var i = 0; i < n; i++) r.int64('an Int64List element')]);
      case 11:
        final n = r.sizedCount(8);
        return Float64List.fromList(
            [for (var i = 0; i < n; i++) r.float64('a Float64List element')]);
      case 14:
        final n = r.sizedCount(4);
        return Float32List.fromList(
            [for (var i = 0; i < n; i++) r.float32('a Float32List element')]);
      case 12:
        _checkDepth(depth, tagOffset);
        // Every element takes at least one byte: a count above the bytes left is refused
        // before anything is allocated.
        final n = r.size(minimumBytesEach: 1, what: 'list elements');
        return [for (var i = 0; i < n; i++) readValue(r, depth + 1)];
      case 13:
        _checkDepth(depth, tagOffset);
        final n = r.size(minimumBytesEach: 2, what: 'map entries');
        final map = <Object?, Object?>{};
        for (var i = 0; i < n; i++) {
          final key = readValue(r, depth + 1);
          map[key] = readValue(r, depth + 1);
        }
        return map;
      default:
        if (tag >= 128 && allowsExtensions) {
          _checkDepth(depth, tagOffset);
          return HkExt(tag, readValue(r, depth + 1));
        }
        throw HkCodecException(HkCodecErrorKind.unknownTag, tagOffset,
            'a type tag 0-14${allowsExtensions ? ' or 128-255' : ''}, not $tag');
    }
  }

  static void _checkDepth(int depth, int offset) {
    if (depth >= hkMaximumDepth) {
      throw HkCodecException(HkCodecErrorKind.nestingTooDeep, offset,
          'at most $hkMaximumDepth nested lists, maps and extension values');
    }
  }
}

/// Flutter's `StandardMethodCodec`, byte for byte.
///
/// The methods Flutter's `MethodCodec` has take and give [ByteData] and [HkMethodCall], as
/// Flutter's take and give `ByteData` and `MethodCall`: [encodeMethodCall], [decodeMethodCall],
/// [encodeSuccessEnvelope], [encodeErrorEnvelope] and [decodeEnvelope] (which returns the
/// result or throws [HkPlatformException], as Flutter's throws `PlatformException`). Their
/// `...Bytes` forms work on [Uint8List], and [decodeEnvelopeBytes] returns the envelope itself.
class HkMethodCodec {
  const HkMethodCodec([this.messageCodec = const HkMessageCodec()]);
  final HkMessageCodec messageCodec;

  /// The bytes of [methodCall]: its method name, then its arguments.
  ByteData encodeMethodCall(HkMethodCall methodCall) => ByteData.sublistView(
      encodeMethodCallBytes(methodCall.method, methodCall.arguments));

  /// The method call in [methodCall]; [HkCodecException] when it is none (no data included).
  HkMethodCall decodeMethodCall(ByteData? methodCall) {
    if (methodCall == null) {
      throw const HkCodecException(
          HkCodecErrorKind.truncated, 0, 'a method call (the message has no data)');
    }
    return decodeMethodCallBytes(Uint8List.sublistView(methodCall));
  }

  /// A success envelope holding [result].
  ByteData encodeSuccessEnvelope(Object? result) =>
      ByteData.sublistView(encodeSuccessEnvelopeBytes(result));

  /// An error envelope (a `FlutterError`): three fields as iOS writes them; a [stacktrace] adds
  /// Android's fourth.
  ByteData encodeErrorEnvelope(
          {required String code, String? message, Object? details, String? stacktrace}) =>
      ByteData.sublistView(encodeErrorEnvelopeBytes(code,
          message: message, details: details, stacktrace: stacktrace));

  /// The result in a success envelope; an error envelope throws [HkPlatformException], bytes
  /// that are no envelope throw [HkCodecException].
  Object? decodeEnvelope(ByteData envelope) {
    final decoded = decodeEnvelopeBytes(Uint8List.sublistView(envelope));
    if (decoded is HkErrorEnvelope) {
      throw HkPlatformException(
          decoded.code, decoded.message, decoded.details, decoded.stacktrace);
    }
    return (decoded as HkSuccessEnvelope).value;
  }

  Uint8List encodeMethodCallBytes(String method, [Object? arguments]) {
    final w = HkByteWriter();
    messageCodec.writeValue(w, method);
    messageCodec.writeValue(w, arguments);
    return w.takeBytes();
  }

  HkMethodCall decodeMethodCallBytes(Uint8List bytes) {
    final r = HkByteReader(bytes);
    final method = messageCodec.readValue(r);
    if (method is! String) {
      throw const HkCodecException(
          HkCodecErrorKind.methodNameNotString, 0, 'a method name (a string value)');
    }
    if (r.remaining == 0) {
      throw HkCodecException(
          HkCodecErrorKind.truncated, r.offset, "the arguments of method '$method'");
    }
    final arguments = messageCodec.readValue(r);
    r.expectEnd('the end of the method call');
    return HkMethodCall(method, arguments);
  }

  Uint8List encodeSuccessEnvelopeBytes(Object? result) {
    final w = HkByteWriter()..uint8(0);
    messageCodec.writeValue(w, result);
    return w.takeBytes();
  }

  /// Three fields as iOS writes them; a [stacktrace] adds Android's fourth.
  Uint8List encodeErrorEnvelopeBytes(String code,
      {String? message, Object? details, String? stacktrace}) {
    final w = HkByteWriter()..uint8(1);
    messageCodec.writeValue(w, code);
    messageCodec.writeValue(w, message);
    messageCodec.writeValue(w, details);
    if (stacktrace != null) messageCodec.writeValue(w, stacktrace);
    return w.takeBytes();
  }

  /// The envelope in [bytes], success or error; [HkCodecException] when they are none.
  HkEnvelope decodeEnvelopeBytes(Uint8List bytes) {
    if (bytes.isEmpty) {
      throw const HkCodecException(
          HkCodecErrorKind.emptyEnvelope, 0, 'an envelope flag byte (0 or 1)');
    }
    final r = HkByteReader(bytes);
    final flag = r.uint8('an envelope flag');
    if (flag == 0) {
      final value = messageCodec.readValue(r);
      r.expectEnd('the end of the success envelope');
      return HkSuccessEnvelope(value);
    }
    if (flag != 1) {
      throw HkCodecException(
          HkCodecErrorKind.invalidEnvelopeFlag, 0, 'envelope flag 0 or 1, not $flag');
    }
    final codeOffset = r.offset;
    final code = messageCodec.readValue(r);
    final messageOffset = r.offset;
    final message = messageCodec.readValue(r);
    final details = messageCodec.readValue(r);
    final stackOffset = r.offset;
    final stacktrace = r.remaining > 0 ? messageCodec.readValue(r) : null;
    if (code is! String) {
      throw HkCodecException(
          HkCodecErrorKind.invalidErrorEnvelope, codeOffset, 'an error code (a string)');
    }
    if (message != null && message is! String) {
      throw HkCodecException(HkCodecErrorKind.invalidErrorEnvelope, messageOffset,
          'an error message (a string or null)');
    }
    if (stacktrace != null && stacktrace is! String) {
      throw HkCodecException(HkCodecErrorKind.invalidErrorEnvelope, stackOffset,
          'a stacktrace (a string or null)');
    }
    r.expectEnd('the end of the error envelope');
    return HkErrorEnvelope(code, message as String?, details, stacktrace as String?);
  }
}

/// A growable little-endian byte buffer; alignment counts from its first byte.
class HkByteWriter {
  Uint8List _bytes = Uint8List(64);
  int _length = 0;
  final ByteData _scratch = ByteData(8);

  int get length => _length;

  void _reserve(int extra) {
    _bytes = growBytes(_bytes, _length, _length + extra);
  }

  void uint8(int value) {
    _reserve(1);
    _bytes[_length++] = value & 0xff;
  }

  void bytes(List<int> values) {
    _reserve(values.length);
    _bytes.setRange(_length, _length + values.length, values);
    _length += values.length;
  }

  void _scratchBytes(int count) => bytes(Uint8List.sublistView(_scratch, 0, count));

  void uint16(int value) {
    _scratch.setUint16(0, value, Endian.little);
    _scratchBytes(2);
  }

  void uint32(int value) {
    _scratch.setUint32(0, value, Endian.little);
    _scratchBytes(4);
  }

  void int32(int value) {
    _scratch.setInt32(0, value, Endian.little);
    _scratchBytes(4);
  }

  void int64(int value) {
    _scratch.setInt64(0, value, Endian.little);
    _scratchBytes(8);
  }

  void float32(double value) {
    _scratch.setFloat32(0, value, Endian.little);
    _scratchBytes(4);
  }

  void float64(double value) {
    _scratch.setFloat64(0, value, Endian.little);
    _scratchBytes(8);
  }

  /// Flutter's size prefix: one byte below 254, else 254 + uint16, else 255 + uint32.
  void size(int value) {
    if (value < 0 || value > 0xffffffff) {
      throw ArgumentError.value(value, 'size', 'must fit in uint32');
    }
    if (value < 254) {
      uint8(value);
    } else if (value <= 0xffff) {
      uint8(254);
      uint16(value);
    } else {
      uint8(255);
      uint32(value);
    }
  }

  void align(int alignment) {
    final mod = _length % alignment;
    if (mod == 0) return;
    for (var i = mod; i < alignment; i++) {
      uint8(0);
    }
  }

  Uint8List takeBytes() => _bytes.sublist(0, _length);
}

/// A bounds-checked little-endian reader; every failure is an [HkCodecException].
class HkByteReader {
  HkByteReader(Uint8List bytes)
      : _bytes = bytes,
        _data = ByteData.sublistView(bytes);
  final Uint8List _bytes;
  final ByteData _data;
  int _offset = 0;

  int get offset => _offset;
  int get remaining => _bytes.length - _offset;

  void _need(int count, String expected) {
    if (count > remaining) {
      throw HkCodecException(HkCodecErrorKind.truncated, _offset, expected);
    }
  }

  int uint8(String expected) {
    _need(1, expected);
    return _bytes[_offset++];
  }

  int _fixed(int count, String expected, int Function(int at) read) {
    _need(count, expected);
    final value = read(_offset);
    _offset += count;
    return value;
  }

  int uint16(String e) => _fixed(2, e, (at) => _data.getUint16(at, Endian.little));
  int uint32(String e) => _fixed(4, e, (at) => _data.getUint32(at, Endian.little));
  int int32(String e) => _fixed(4, e, (at) => _data.getInt32(at, Endian.little));
  int int64(String e) => _fixed(8, e, (at) => _data.getInt64(at, Endian.little));

  double float32(String expected) {
    _need(4, expected);
    final value = _data.getFloat32(_offset, Endian.little);
    _offset += 4;
    return value;
  }

  double float64(String expected) {
    _need(8, expected);
    final value = _data.getFloat64(_offset, Endian.little);
    _offset += 8;
    return value;
  }

  /// A size prefix; with [minimumBytesEach] the count is checked against the bytes left.
  int size({int minimumBytesEach = 0, String what = 'elements'}) {
    final at = _offset;
    final first = uint8('a size');
    final n = first == 254
        ? uint16('the uint16 of a size')
        : (first == 255 ? uint32('the uint32 of a size') : first);
    if (minimumBytesEach > 0 && n > remaining ~/ minimumBytesEach) {
      throw HkCodecException(HkCodecErrorKind.sizeOutOfBounds, at,
          'a count of $what that fits in the $remaining bytes left, not $n');
    }
    return n;
  }

  /// The element count of a typed list, with its alignment padding skipped and its bytes checked.
  int sizedCount(int elementSize) {
    final n = size();
    align(elementSize, 'alignment padding before typed-list elements');
    if (n > remaining ~/ elementSize) {
      throw HkCodecException(HkCodecErrorKind.sizeOutOfBounds, _offset,
          'a typed list of $n elements of $elementSize bytes, but $remaining bytes are left');
    }
    return n;
  }

  void align(int alignment, String expected) {
    final mod = _offset % alignment;
    if (mod == 0) return;
    final pad = alignment - mod;
    _need(pad, expected);
    _offset += pad;
  }

  Uint8List bytes(int count, String expected) {
    if (count > remaining) {
      throw HkCodecException(HkCodecErrorKind.sizeOutOfBounds, _offset,
          '$expected: $count bytes, but $remaining are left');
    }
    final out = Uint8List.fromList(Uint8List.sublistView(_bytes, _offset, _offset + count));
    _offset += count;
    return out;
  }

  String utf8String(int count, String expected) {
    final at = _offset;
    final raw = bytes(count, expected);
    try {
      return utf8.decode(raw);
    } on FormatException catch (e) {
      throw HkCodecException(
          HkCodecErrorKind.invalidUtf8, at + (e.offset ?? 0), 'valid UTF-8 in $expected');
    }
  }

  void expectEnd(String expected) {
    if (remaining != 0) {
      throw HkCodecException(HkCodecErrorKind.trailingBytes, _offset,
          '$expected, but $remaining more bytes follow');
    }
  }
}
