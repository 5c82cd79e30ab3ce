// Frames (../../protocol/frames.md) against bytes laid out by hand from the frame table.

import 'dart:typed_data';

import 'package:test/test.dart';
import 'package:hkbridge_client/hkbridge_client.dart';
import 'package:hkbridge_client/src/frames.dart';

import 'hex.dart';

Matcher frameError(FrameErrorKind kind) =>
    isA<FrameFormatException>().having((e) => e.kind, 'kind', kind);

Matcher isFrame(FrameKind kind, int id, String channel, Object? payload) => isA<Frame>()
    .having((f) => f.kind, 'kind', kind)
    .having((f) => f.id, 'id', id)
    .having((f) => f.channel, 'channel', channel)
    .having((f) => f.payload, 'payload', payload);

void main() {
  group('encodeFrame', () {
    test('MESSAGE: length, kind, flags, id, channel length, channel, payload', () {
      final bytes = encodeFrame(Frame(FrameKind.message, 7, 'ch', hex('0102')));
      expect(bytes, hex('0c000000 01 00 07000000 0200 6368 0102'));
    });

    test('a null payload sets flags bit 0 and carries no bytes', () {
      expect(encodeFrame(Frame(FrameKind.message, 1, '', null)),
          hex('08000000 01 01 01000000 0000'));
    });

    test('an empty payload is not null', () {
      expect(encodeFrame(Frame(FrameKind.hostReply, 0xffffffff, '', Uint8List(0))),
          hex('08000000 04 00 ffffffff 0000'));
    });

    test('the channel name is UTF-8 and its length counts bytes', () {
      expect(encodeFrame(Frame(FrameKind.message, 2, 'é', Uint8List(0))),
          hex('0a000000 01 00 02000000 0200 c3a9'));
    });

    test('ids beyond uint32 and channels beyond 65535 bytes are refused', () {
      expect(() => encodeFrame(Frame(FrameKind.message, 0x100000000, 'c', null)),
          throwsArgumentError);
      expect(() => encodeFrame(Frame(FrameKind.message, -1, 'c', null)), throwsArgumentError);
      expect(() => encodeFrame(Frame(FrameKind.message, 1, 'x' * 65536, null)),
          throwsArgumentError);
    });
  });

  group('FrameWriter', () {
    test('frames one after another, taken in one piece, then empty', () {
      final writer = FrameWriter(initialCapacity: 8)
        ..add(FrameKind.message, 1, 'ch', hex('0102'))
        ..add(FrameKind.hostReply, 2, '', null)
        ..addBytes(hex('ff'));
      expect(writer.isEmpty, isFalse);
      expect(writer.take(),
          hex('0c000000 01 00 01000000 0200 6368 0102' '08000000 04 01 02000000 0000' 'ff'));
      expect(writer.isEmpty, isTrue);
      expect(writer.take(), isEmpty);
    });

    test('a writer that starts with no room grows', () {
      final writer = FrameWriter(initialCapacity: 0)..add(FrameKind.message, 1, 'c', null);
      expect(writer.take(), hex('09000000 01 01 01000000 0100 63'));
    });

    test('a refused frame appends nothing', () {
      final writer = FrameWriter()..add(FrameKind.message, 1, 'c', null);
      expect(() => writer.add(FrameKind.message, 0x100000000, 'c', null), throwsArgumentError);
      expect(writer.take(), hex('09000000 01 01 01000000 0100 63'));
    });
  });

  group('decodeFrameBody', () {
    test('HELLO, REPLY and PROTOCOL_ERROR bodies', () {
      expect(decodeFrameBody(hex('00 00 00000000 0000 0d00')),
          isFrame(FrameKind.hello, 0, '', hex('0d00')));
      expect(decodeFrameBody(hex('02 01 05000000 0100 63')),
          isFrame(FrameKind.reply, 5, 'c', null));
      expect(decodeFrameBody(hex('7f 00 09000000 0000 626164')),
          isFrame(FrameKind.protocolError, 9, '', hex('626164')));
    });

    test('every malformed body is refused by its kind', () {
      expect(() => decodeFrameBody(hex('02 00 01000000 00')),
          throwsA(frameError(FrameErrorKind.shortBody)));
      expect(() => decodeFrameBody(hex('02 00 01000000 0300 6162')),
          throwsA(frameError(FrameErrorKind.channelPastEnd)));
      expect(() => decodeFrameBody(hex('02 00 01000000 0100 ff')),
          throwsA(frameError(FrameErrorKind.invalidChannelName)));
      expect(() => decodeFrameBody(hex('05 00 01000000 0000')),
          throwsA(frameError(FrameErrorKind.unknownKind)));
      expect(() => decodeFrameBody(hex('02 01 01000000 0000 00')),
          throwsA(frameError(FrameErrorKind.nullWithPayload)));
    });
  });

  group('FrameReader', () {
    final stream = Uint8List.fromList([
      ...encodeFrame(Frame(FrameKind.hello, 0, '', hex('0d00'))),
      ...encodeFrame(Frame(FrameKind.reply, 1, 'healthkit_permissions', hex('0001'))),
      ...encodeFrame(Frame(FrameKind.reply, 2, 'healthkit_permissions', null)),
    ]);

    test('several frames in one chunk', () {
      final reader = FrameReader();
      final frames = reader.add(stream);
      expect(frames, [
        isFrame(FrameKind.hello, 0, '', hex('0d00')),
        isFrame(FrameKind.reply, 1, 'healthkit_permissions', hex('0001')),
        isFrame(FrameKind.reply, 2, 'healthkit_permissions', null),
      ]);
      expect(reader.isAtBoundary, isTrue);
      reader.close();
    });

    test('frames split byte by byte come out when their last byte arrives', () {
      final reader = FrameReader();
      final completedAt = <int>[];
      for (var i = 0; i < stream.length; i++) {
        final frames = reader.add([stream[i]]);
        for (var n = 0; n < frames.length; n++) {
          completedAt.add(i);
        }
      }
      // Frame ends: 4 + 10 = 14 bytes, then 4 + 8 + 21 + 2 = 35, then 4 + 8 + 21 = 33.
      expect(completedAt, [13, 13 + 35, 13 + 35 + 33]);
      expect(reader.isAtBoundary, isTrue);
    });

    test('payloads are copies that later chunks do not overwrite', () {
      final reader = FrameReader();
      final hello = reader.add(stream.sublist(0, 14)).single;
      // The buffer is empty again, so the next frame is written over the same bytes.
      reader.add(stream.sublist(14));
      expect(hello.payload, hex('0d00'));
    });

    test('next() hands out the frames before a malformed one, then refuses it', () {
      final reader = FrameReader()
        ..feed([...stream.sublist(0, 14), ...hex('08000000 09 00 01000000 0000')]);
      expect(reader.next(), isFrame(FrameKind.hello, 0, '', hex('0d00')));
      expect(reader.next, throwsA(frameError(FrameErrorKind.unknownKind)));
      expect(reader.next(), isNull);
      expect(reader.isAtBoundary, isTrue);
    });

    test('a stream that ends inside a frame is an error', () {
      final reader = FrameReader()..add(stream.sublist(0, 16));
      expect(reader.isAtBoundary, isFalse);
      expect(reader.bufferedLength, 2);
      expect(reader.close, throwsA(frameError(FrameErrorKind.endedInsideFrame)));
    });

    test('a length above the limit is an error before the body is buffered', () {
      final reader = FrameReader(maxFrameLength: 16);
      expect(() => reader.add(hex('11000000')), throwsA(frameError(FrameErrorKind.tooLong)));
    });
  });
}
