// HkBridge over real pipes, against test/fixtures/fake_hkbridge.sh: a shell script that writes
// canned frames for what the real hkbridge never does (replies out of order, a HOST_MESSAGE, a
// malformed frame from the host, another protocol version). Everything the real binary does is
// tested against it in serve_test.dart.

import 'dart:async';
import 'dart:io';
import 'dart:typed_data';

import 'package:test/test.dart';
import 'package:hkbridge_client/hkbridge_client.dart';
import 'package:hkbridge_client/src/frames.dart';
import 'package:hkbridge_client/src/client.dart' show hkStartEchoHost;

import 'hex.dart';

final String fake = File('test/fixtures/fake_hkbridge.sh').absolute.path;

Future<HkBridge> startFake(String scenario,
        {void Function(String)? onStderr, HostMessageHandler? onHostMessage}) =>
    HkBridge.start(
      executable: fake,
      args: [scenario],
      onStderr: onStderr ?? (_) {},
      onHostMessage: onHostMessage,
    );

ByteData oneByte() => ByteData.sublistView(Uint8List.fromList([0]));

void main() {
  group('HkBridge', () {
    test('reads HELLO, matches replies by id, fails the oldest request on PROTOCOL_ERROR 0',
        () async {
      final stderrLines = <String>[];
      final bridge = await startFake('replies', onStderr: stderrLines.add);
      expect(bridge.protocol, 1);
      expect(bridge.emulator, 'fake');
      expect(bridge.channels, ['c', 'hkbridge/control']);
      expect(bridge.device, {'model': 'iPhone'});

      final first = bridge.send('c', oneByte());
      final second = bridge.send('c', oneByte());
      final third = bridge.send('c', oneByte());
      await expectLater(
          first,
          throwsA(isA<HkBridgeProtocolException>()
              .having((e) => e.id, 'id', 0)
              .having((e) => e.reason, 'reason', 'bad frame')));
      final reply = await second;
      expect(Uint8List.sublistView(reply!), hex('0001'));
      expect(await third, isNull);

      expect(await bridge.close(), 0);
      expect(stderrLines, contains('fake: done'));
    });

    test('replies out of request order (a native plugin\'s) each complete their own request',
        () async {
      final bridge = await startFake('outoforder');
      final first = bridge.send('c', oneByte());
      final second = bridge.send('c', oneByte());
      final third = bridge.send('c', oneByte());
      final order = <int>[];
      final replies = await Future.wait([
        first.whenComplete(() => order.add(1)),
        second.whenComplete(() => order.add(2)),
        third.whenComplete(() => order.add(3)),
      ]);
      expect(order, [3, 1, 2]);
      expect(Uint8List.sublistView(replies[0]!), hex('0002'));
      expect(replies[1], isNull);
      expect(Uint8List.sublistView(replies[2]!), hex('0001'));
      expect(bridge.repliesReceived, 3);
      expect(await bridge.close(), 0);
    });

    test('a HOST_MESSAGE is answered with the handler\'s bytes as HOST_REPLY', () async {
      final echoed = Completer<String>();
      String? seenChannel;
      Uint8List? seenMessage;
      final bridge = await startFake('hostmessage', onStderr: (line) {
        if (!echoed.isCompleted) echoed.complete(line);
      }, onHostMessage: (channel, message) {
        seenChannel = channel;
        seenMessage = Uint8List.fromList(Uint8List.sublistView(message!));
        return ByteData.sublistView(hex('0001'));
      });
      // The fake prints the 16 bytes of HOST_REPLY it read, as hex: body length 12 (8 header
      // bytes, 2 of channel, 2 of payload), kind 4, flags 0, id 9, channel "ev", payload 00 01.
      expect(await echoed.future, '0c000000' '04' '00' '09000000' '0200' '6576' '0001');
      expect(seenChannel, 'ev');
      expect(seenMessage, hex('07 01 78'));
      expect(await bridge.close(), 0);
    });

    test('a malformed frame from the host fails waiting requests', () async {
      final bridge = await startFake('badframe');
      await expectLater(
          bridge.send('c', oneByte()),
          throwsA(isA<HkBridgeException>()
              .having((e) => e.message, 'message', contains('malformed frame'))));
      await bridge.close();
    });

    test('another protocol version fails start', () async {
      await expectLater(startFake('protocol2'),
          throwsA(isA<HkBridgeException>().having((e) => e.message, 'message', contains('2'))));
    });

    test('a fake speaking another protocol fails start, saying what to do', () async {
      await expectLater(
          startFake('protocol2'),
          throwsA(isA<HkBridgeException>().having((e) => e.message, 'message',
              allOf(contains('speaks frame protocol 2'), contains('of the same release')))));
    });

    test('hkStartEchoHost: a cat echo after a HELLO answers each call with its own frame', () async {
      final dir = Directory.systemTemp.createTempSync('hkbridge-echo');
      addTearDown(() => dir.deleteSync(recursive: true));
      final hello = File('${dir.path}/hello')
        ..writeAsBytesSync(encodeFrame(Frame(FrameKind.hello, 0, '',
            const HkMessageCodec().encode({
              'protocol': 1,
              'emulator': 'cat',
              'channels': ['c'],
              'device': <String, Object?>{},
            }))));
      final echo = await hkStartEchoHost(executable: 'cat', args: [hello.path, '-'], onStderr: (_) {});
      expect(echo.emulator, 'cat');
      final replies = await Future.wait([
        echo.send('c', ByteData.sublistView(hex('0102'))),
        echo.send('c', null),
      ]);
      expect(Uint8List.sublistView(replies[0]!), hex('0102'));
      expect(replies[1], isNull);
      expect(await echo.close(), 0);
    });

    test('a missing executable fails start with a message naming it', () async {
      await expectLater(
          HkBridge.start(executable: '/nonexistent/hkbridge'),
          throwsA(isA<HkBridgeException>()
              .having((e) => e.message, 'message', contains('/nonexistent/hkbridge'))));
    });
  }, skip: Platform.isWindows ? 'the fake host is a POSIX shell script' : null);

  group('HkBridge.findExecutable', () {
    late Directory dir;
    late String binDir;
    late String projectDir;

    String makeExecutable(String path) {
      File(path)
        ..createSync(recursive: true)
        ..writeAsStringSync('#!/bin/sh\n');
      Process.runSync('chmod', ['+x', path]);
      return path;
    }

    setUp(() {
      dir = Directory.systemTemp.createTempSync('hkbridge-find');
      binDir = '${dir.path}/bin';
      projectDir = '${dir.path}/project';
      Directory(binDir).createSync();
      Directory(projectDir).createSync();
    });
    tearDown(() => dir.deleteSync(recursive: true));

    test('HKBRIDGE first, then PATH, then .dart_tool/hkbridge/hkbridge', () {
      final fromEnv = makeExecutable('${dir.path}/env/hkbridge');
      final onPath = makeExecutable('$binDir/hkbridge');
      final local = makeExecutable('$projectDir/.dart_tool/hkbridge/hkbridge');
      expect(
          HkBridge.findExecutable(
              environment: {'HKBRIDGE': fromEnv, 'PATH': binDir}, directory: projectDir),
          fromEnv);
      expect(
          HkBridge.findExecutable(
              environment: {'PATH': '/nonexistent:$binDir'}, directory: projectDir),
          onPath);
      expect(HkBridge.findExecutable(environment: {'PATH': '/nonexistent'}, directory: projectDir),
          local);
    });

    test('a file on PATH that is not executable is passed over', () {
      File('$binDir/hkbridge').writeAsStringSync('not a program');
      final local = makeExecutable('$projectDir/.dart_tool/hkbridge/hkbridge');
      expect(HkBridge.findExecutable(environment: {'PATH': binDir}, directory: projectDir), local);
    });

    test('none found: the error lists what was tried and every way to fix it', () {
      expect(
          () => HkBridge.findExecutable(environment: {'PATH': binDir}, directory: projectDir),
          throwsA(isA<HkBridgeNotFoundException>().having(
              (e) => e.message,
              'message',
              allOf(
                  contains('HKBRIDGE (not set)'),
                  contains('hkbridge on PATH (not found)'),
                  contains('$projectDir/.dart_tool/hkbridge/hkbridge (absent)'),
                  contains("HkBridge.start(executable: '/path/to/hkbridge')")))));
      try {
        HkBridge.findExecutable(environment: {'PATH': binDir}, directory: projectDir);
      } on HkBridgeNotFoundException catch (e) {
        expect(e.message, contains('HKBRIDGE=/path/to/hkbridge dart test'));
        expect(e.message, contains('export PATH='));
        expect(e.message, contains('mkdir -p .dart_tool/hkbridge && tar -xzf'));
      }
    });

    test('HKBRIDGE naming no executable is an error, not a fallback', () {
      makeExecutable('$binDir/hkbridge');
      expect(
          () => HkBridge.findExecutable(
              environment: {'HKBRIDGE': '${dir.path}/missing', 'PATH': binDir},
              directory: projectDir),
          throwsA(isA<HkBridgeNotFoundException>()
              .having((e) => e.message, 'message', contains('HKBRIDGE is set to'))));
    });
  });
}
