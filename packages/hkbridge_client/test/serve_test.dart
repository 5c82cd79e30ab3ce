// HkBridge and its helpers against the REAL `hkbridge serve` (found through HKBRIDGE, PATH or
// .dart_tool/hkbridge/hkbridge; ../../scripts/test sets HKBRIDGE to the binary it builds):
// HELLO, pipelining, null replies, PROTOCOL_ERROR, the control channel, exit codes, HkMockSession.
// client_test.dart keeps a shell-script fake only for what the real binary never does.

import 'dart:typed_data';

import 'package:hkbridge_client/hkbridge_client.dart';
import 'package:hkbridge_client/src/frames.dart';
import 'package:hkbridge_client/src/invoke.dart' show bytesOf, byteDataOf;
import 'package:test/test.dart';

import 'binary.dart';
import 'hex.dart';

const plugin = 'healthkit_permissions';
const bloodType = 'HKCharacteristicTypeIdentifierBloodType';

Future<HkBridge> startServe([List<String> args = const []]) =>
    HkBridge.start(executable: hkbridgeBinary(), args: args, onStderr: (_) {});

Matcher platformError(String code) =>
    isA<HkPlatformException>().having((e) => e.code, 'code', code);

void main() {
  final binary = hkbridgeBinary();
  final skip = binary == null ? 'no hkbridge binary (set HKBRIDGE)' : null;

  group('hkbridge serve', () {
    late HkBridge bridge;
    late HkControl control;

    setUp(() async {
      bridge = await startServe();
      control = bridge.control;
    });
    tearDown(() async {
      await bridge.close();
    });

    test('HELLO: protocol 1, the version, both channels, the default device', () {
      expect(bridge.protocol, 1);
      expect(bridge.emulator, isNotEmpty);
      expect(bridge.channels, [plugin, 'healthkit_permissions/observe', 'healthkit_permissions/anchored', 'healthkit_permissions/statistics', 'hkbridge/control']);
      expect(bridge.hello.eventChannels, ['healthkit_permissions/observe', 'healthkit_permissions/anchored', 'healthkit_permissions/statistics']);
      expect(bridge.device, {
        'model': 'iPhone',
        'osVersion': '17.5',
        'restricted': false,
        'bundleId': 'com.example.app',
      });
    });

    test('100,000 pipelined calls are answered in order, each to its own request', () async {
      const n = 100000;
      final order = <int>[];
      final futures = <Future<Object?>>[];
      for (var i = 0; i < n; i++) {
        // Every call moves the clock 1 ms on: reply i must say 2024-01-01 plus i + 1 ms.
        futures.add(control.advanceClock(const Duration(milliseconds: 1)).then((now) {
          order.add(i);
          return now.millisecondsSinceEpoch;
        }));
      }
      expect(bridge.pendingCount, n);
      final answers = await Future.wait(futures);
      for (var i = 0; i < n; i++) {
        if (answers[i] != 1704067200000 + i + 1 || order[i] != i) {
          fail('call $i: answer ${answers[i]}, completed as number ${order[i]}');
        }
      }
      expect(order, hasLength(n));
      expect(bridge.pendingCount, 0);
    });

    test('null replies: an unknown method, an unknown channel', () async {
      await expectLater(bridge.invokeMethod(plugin, 'noSuchMethod'),
          throwsA(isA<HkNotImplementedException>().having((e) => e.method, 'method', 'noSuchMethod')));
      expect(
          await bridge.send('no.such.channel', ByteData.sublistView(hex('00'))), isNull);
      expect(await bridge.invokeMethod(plugin, 'isAvailable'), isTrue);
    });

    test('a frame of an unknown kind gets PROTOCOL_ERROR with its id, and serving goes on',
        () async {
      final before = bridge.invokeMethod(plugin, 'isAvailable');
      int? badId;
      final refused = bridge.sendFrameBytes((id) {
        badId = id;
        final frame = encodeFrame(Frame(FrameKind.message, id, plugin, Uint8List(0)));
        frame[4] = 0x09; // no such kind
        return frame;
      });
      final after = bridge.invokeMethod(plugin, 'isAvailable');
      await expectLater(
          refused,
          throwsA(isA<HkBridgeProtocolException>()
              .having((e) => e.id, 'id', badId)
              .having((e) => e.reason, 'reason', contains('kind'))));
      expect(await before, isTrue);
      expect(await after, isTrue);
    });

    test('a body too short to hold an id gets PROTOCOL_ERROR 0, and serving goes on', () async {
      final refused = bridge.sendFrameBytes((id) => hex('03000000 01 00 00'));
      await expectLater(
          refused, throwsA(isA<HkBridgeProtocolException>().having((e) => e.id, 'id', 0)));
      expect(await bridge.invokeMethod(plugin, 'isAvailable'), isTrue);
    });

    test('a malformed method call is a MALFORMED_MESSAGE error envelope', () async {
      final reply = await bridge.send(plugin, ByteData.sublistView(hex('07')));
      final envelope = const HkMethodCodec().decodeEnvelopeBytes(bytesOf(reply!));
      expect(envelope, isA<HkErrorEnvelope>().having((e) => e.code, 'code', 'MALFORMED_MESSAGE'));
    });

    test('configure: an iPad below iPadOS 17 has no HealthKit', () async {
      await control.configure(device: HkDevice.iPad, osVersion: '16.4');
      expect(await bridge.invokeMethod(plugin, 'isAvailable'), isFalse);
      await expectLater(
          bridge.invokeMethod(plugin, 'readCharacteristic', {'identifier': bloodType}),
          throwsA(platformError('HEALTH_DATA_UNAVAILABLE')));
      await control.reset();
      expect(await bridge.invokeMethod(plugin, 'isAvailable'), isTrue);
    });

    test('setCharacteristic and setAuthorization decide what the app may read', () async {
      await expectLater(
          bridge.invokeMethod(plugin, 'readCharacteristic', {'identifier': bloodType}),
          throwsA(platformError('AUTHORIZATION_NOT_DETERMINED')));
      await control.setCharacteristic(bloodType, 1);
      await control.setAuthorization(bloodType, read: HkReadDecision.granted);
      expect(await bridge.invokeMethod(plugin, 'readCharacteristic', {'identifier': bloodType}),
          1);
    });

    test('addSamples returns the counter uuids; advanceClock; snapshot shows both', () async {
      final uuids = await control.addSamples([
        {'type': 'activeEnergy', 'start': 1703980800000, 'end': 1703981100000, 'value': 250.0,
          'unit': 'kcal'},
        {'type': 'activeEnergy', 'start': 1703981100000, 'end': 1703981400000, 'value': 5.0,
          'unit': 'kcal'},
      ], sourceBundleId: 'com.apple.health', sourceName: 'Watch');
      expect(uuids,
          ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002']);
      expect(await control.advanceClock(const Duration(minutes: 1)),
          DateTime.fromMillisecondsSinceEpoch(1704067260000, isUtc: true));
      final state = await control.snapshot();
      expect(state['now'], 1704067260000);
      expect(state['samples'], hasLength(2));
      expect(state['device'], containsPair('model', 'iPhone'));
    });

    test('injectFault makes the next call fail with that code', () async {
      await control.injectFault('isAvailable', 'HEALTH_DATA_UNAVAILABLE', hkErrorCode: 1);
      await expectLater(bridge.invokeMethod(plugin, 'isAvailable'),
          throwsA(platformError('HEALTH_DATA_UNAVAILABLE')));
      expect(await bridge.invokeMethod(plugin, 'isAvailable'), isTrue);
    });

    test('a control call with an unknown argument is refused by name', () async {
      await expectLater(
          hkInvokeMethod(bridge.send, HkControl.channel, 'configure', {'devise': 'iPad'}),
          throwsA(isA<HkPlatformException>()
              .having((e) => '${e.message}', 'message', contains('devise'))));
    });
  }, skip: skip);

  group('hkbridge serve exit', () {
    test('exit code 0 at the end of input, after answering everything', () async {
      final bridge = await startServe();
      final replies = [for (var i = 0; i < 100; i++) bridge.invokeMethod(plugin, 'isAvailable')];
      expect(await bridge.close(), 0);
      expect(await Future.wait(replies), everyElement(isTrue));
    });

    test('send after close() is a StateError, also once the process has exited', () async {
      final bridge = await startServe();
      expect(await bridge.close(), 0);
      await expectLater(bridge.send(plugin, null), throwsA(isA<StateError>()));
      await expectLater(bridge.invokeMethod(plugin, 'isAvailable'), throwsStateError);
      await expectLater(bridge.control.reset(), throwsStateError);
    });

    test('bridge.control is the control channel of the same emulator', () async {
      final bridge = await startServe();
      await bridge.control.configure(device: HkDevice.iPad, osVersion: '16.4');
      expect(await bridge.invokeMethod(plugin, 'isAvailable'), isFalse);
      await bridge.invokeMethod(plugin, 'isAvailable');
      expect((await bridge.control.calls()).map((c) => c.method), ['isAvailable', 'isAvailable']);
      await bridge.control.setLatency(const Duration(milliseconds: 1), method: 'isAvailable');
      expect(await bridge.close(), 0);
    });

    test('input ending inside a frame: exit code 3, and waiting requests fail', () async {
      final lines = <String>[];
      final bridge = await HkBridge.start(executable: binary, onStderr: lines.add);
      final cut = expectLater(
          bridge.sendFrameBytes((id) => hex('20000000 01 00')),
          throwsA(isA<HkBridgeExitedException>()
              .having((e) => e.exitCode, 'exitCode', 3)
              .having((e) => e.stderrTail.join('\n'), 'stderrTail', contains('inside a frame'))));
      expect(await bridge.close(), 3);
      await cut;
      expect(lines, isNotEmpty);
    });

    test('serve arguments reach the emulator: --device, --os, --channel', () async {
      final bridge =
          await startServe(['--device', 'iPad', '--os', '17.0', '--channel', 'my_health']);
      expect(bridge.channels, ['my_health', 'my_health/observe', 'my_health/anchored', 'my_health/statistics', 'hkbridge/control']);
      expect(bridge.device['model'], 'iPad');
      expect(await bridge.invokeMethod('my_health', 'isAvailable'), isTrue);
      expect(await bridge.send(plugin, ByteData.sublistView(hex('00'))), isNull);
      expect(await bridge.close(), 0);
    });
  }, skip: skip);

  group('HkMockSession (the Flutter mock messenger without Flutter)', () {
    test('its handler sends the installed channels to hkbridge, others get a null reply',
        () async {
      final session = await HkMockSession.start(executable: binary, onStderr: (_) {});
      expect(session.channels, [plugin, 'healthkit_permissions/observe', 'healthkit_permissions/anchored', 'healthkit_permissions/statistics', 'hkbridge/control']);
      final call = ByteData.sublistView(const HkMethodCodec().encodeMethodCallBytes('isAvailable'));
      final reply = await session.handle(plugin, call);
      expect(bytesOf(reply!), hex('0001'));
      expect(await session.handle('other', call), isNull);
      await session.control.configure(device: HkDevice.iPad, osVersion: '16.4');
      expect(bytesOf((await session.handle(plugin, call))!), hex('0002'));
      expect(await session.close(), 0);
    });

    test('hostMessageHandler hands a message to the app and answers with its reply', () async {
      final seen = <String>[];
      final handler = HkMockSession.hostMessageHandler((channel, message, reply) {
        seen.add(channel);
        reply(ByteData.sublistView(hex('0001')));
      });
      final answer = await handler('events', null);
      expect(seen, ['events']);
      expect(bytesOf(answer!), hex('0001'));
    });
  }, skip: skip);
}
