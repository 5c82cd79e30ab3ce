// The default profile's event channels against the REAL `hkbridge serve`
// (../../protocol/events.md, ../../protocol/channel-api.md#event-channels): a Stream per listen
// for the observer, anchored and statistics queries, changes by the app and by another app,
// cancel, a refused listen, and Flutter's EventChannel code path through HkMockSession.

import 'dart:async';
import 'dart:io';
import 'dart:typed_data';

import 'package:hkbridge_client/hkbridge_client.dart';
import 'package:test/test.dart';

import 'binary.dart';

const plugin = 'healthkit_permissions';
const observe = 'healthkit_permissions/observe';
const anchored = 'healthkit_permissions/anchored';
const statistics = 'healthkit_permissions/statistics';
const t0 = 1704067200000;
const hour = 3600000;

Map<String, Object?> steps(int start, num value) =>
    {'type': 'steps', 'start': start, 'end': start + hour, 'value': value, 'unit': 'count'};

/// Another app's samples, through the control channel.
Future<List<String>> addOther(HkBridge bridge, List<Map<String, Object?>> records) async {
  final reply = await bridge.invokeMethod('hkbridge/control', 'addSamples', {
    'source': {'bundleId': 'com.other.app'},
    'records': records,
  }) as Map;
  return [for (final uuid in reply['uuids'] as List) uuid as String];
}

/// Collects a stream's events and errors as they come.
class Collected {
  Collected(Stream<Object?> stream) {
    subscription = stream.listen(events.add, onError: errors.add, onDone: () => done = true);
  }
  late final StreamSubscription<Object?> subscription;
  final List<Object?> events = [];
  final List<Object> errors = [];
  bool done = false;
}

/// Lets every frame already written reach the client: one round trip on the control channel
/// (events are written right after the reply of the call that caused them).
Future<void> settle(HkBridge bridge) async {
  await bridge.control.snapshot();
  // A broadcast stream delivers in a later microtask.
  await Future<void>.delayed(Duration.zero);
}

void main() {
  final binary = hkbridgeBinary();
  final skip = binary == null ? 'no hkbridge binary (set HKBRIDGE)' : null;

  group('event streams', () {
    late HkBridge bridge;

    setUp(() async {
      bridge = await HkBridge.start(executable: binary, onStderr: (_) {});
      await bridge.invokeMethod(plugin, 'requestPermissions', {
        'read': ['steps'],
        'write': ['steps'],
      });
    });
    tearDown(() async {
      expect(await bridge.close(), 0);
    });

    test('HELLO lists the event channels', () {
      expect(bridge.channels, [plugin, observe, anchored, statistics, 'hkbridge/control']);
    });

    test('observer: once at the start, then after the app\'s and another app\'s writes; '
        'nothing after cancel', () async {
      final observer = Collected(bridge.eventStream(observe, {
        'types': ['steps']
      }));
      await settle(bridge);
      expect(observer.events, [
        {'type': 'steps'}
      ]);
      await bridge.invokeMethod(plugin, 'writeRecord', steps(t0, 100));
      await addOther(bridge, [steps(t0 + hour, 50)]);
      await settle(bridge);
      expect(observer.events.length, 3);
      await observer.subscription.cancel();
      await addOther(bridge, [steps(t0 + 2 * hour, 5)]);
      await settle(bridge);
      expect(observer.events.length, 3);
      // The stream's cancel reached the host: a second one has no stream to cancel.
      await expectLater(bridge.invokeMethod(observe, 'cancel'),
          throwsA(isA<HkPlatformException>().having((e) => e.code, 'code', 'error')));
    });

    test('anchored: the initial batch, batches of at most limit, deletions by another app',
        () async {
      final query = Collected(bridge.eventStream(anchored, {'type': 'steps', 'limit': 2}));
      await settle(bridge);
      expect(query.events, [
        {'type': 'steps', 'added': [], 'deleted': [], 'anchor': 0}
      ]);
      final uuids = await addOther(bridge, [steps(t0, 1), steps(t0 + hour, 2), steps(t0 + 2 * hour, 3)]);
      await settle(bridge);
      expect(query.events.length, 3);
      final first = query.events[1] as Map;
      final second = query.events[2] as Map;
      expect([for (final s in first['added'] as List) (s as Map)['uuid']], uuids.sublist(0, 2));
      expect(first['anchor'], 2);
      expect([for (final s in second['added'] as List) (s as Map)['uuid']], uuids.sublist(2));
      expect(second['anchor'], 3);
      await bridge.invokeMethod('hkbridge/control', 'deleteSamples', {
        'uuids': [uuids[1]]
      });
      await settle(bridge);
      expect(query.events.last, {
        'type': 'steps',
        'added': [],
        'deleted': [uuids[1]],
        'anchor': 4
      });
      await query.subscription.cancel();
    });

    test('statistics: the collection at once, and again after each change', () async {
      final collection = Collected(bridge.eventStream(
          statistics, {'type': 'steps', 'start': t0, 'end': t0 + 2 * hour, 'interval': hour}));
      await bridge.invokeMethod(plugin, 'writeRecord', steps(t0, 100));
      await addOther(bridge, [steps(t0 + hour, 40)]);
      await settle(bridge);
      expect(collection.events.length, 3);
      expect(collection.events.last, {
        'type': 'steps',
        'unit': 'count',
        'buckets': [
          {'start': t0, 'end': t0 + hour, 'value': 100.0},
          {'start': t0 + hour, 'end': t0 + 2 * hour, 'value': 40.0},
        ]
      });
      await collection.subscription.cancel();
    });

    test('a refused listen is an error on the stream, with the host\'s code', () async {
      final refused = Collected(bridge.eventStream(observe, {
        'types': ['heartRate']
      }));
      await settle(bridge);
      expect(refused.events, isEmpty);
      expect(refused.errors.single,
          isA<HkPlatformException>().having((e) => e.code, 'code', 'AUTHORIZATION_NOT_DETERMINED'));
      await refused.subscription.cancel();
    });
  }, skip: skip);

  test('a recorder writes event lines where serve --record does', () async {
    final dir = Directory.systemTemp.createTempSync('hkbridge-dart-events');
    addTearDown(() => dir.deleteSync(recursive: true));
    final served = '${dir.path}/served.jsonl';
    final bridge =
        await HkBridge.start(executable: binary, args: ['--record', served], onStderr: (_) {});
    final lines = <String>[];
    final recorder = HkRecorder(bridge.send,
        onLine: lines.add, methodChannels: {plugin, observe, 'hkbridge/control'}, clock: null);
    // What RecordingBinaryMessenger.setMessageHandler does: record, then hand on.
    void route(String channel, void Function(ByteData?)? handler) =>
        bridge.setEventHandler(
            channel,
            handler == null
                ? null
                : (ByteData? message) {
                    recorder.hostMessage(channel, message);
                    handler(message);
                  });
    await hkInvokeMethod(recorder.send, plugin, 'requestPermissions', {
      'read': ['steps'],
      'write': ['steps'],
    });
    final observer = Collected(hkEventStream(recorder.send, route, observe, {
      'types': ['steps']
    }));
    await settle(bridge);
    await hkInvokeMethod(recorder.send, plugin, 'writeRecord', steps(t0, 7));
    await settle(bridge);
    await observer.subscription.cancel();
    expect(await bridge.close(), 0);
    expect(observer.events.length, 2);
    final recorded = [
      for (final line in File(served).readAsLinesSync())
        if (!line.startsWith('{"hkbridge"') && !line.contains('"snapshot"'))
          line.replaceAll(RegExp(r', "at": \d+'), '')
    ];
    expect(lines, recorded);
    expect(lines.where((l) => l.contains('"event": {"ok": {"type": "steps"}}')).length, 2);
    // Dart's replay passes the recording, events included.
    final file = '${dir.path}/dart.jsonl';
    File(file).writeAsStringSync('${lines.join('\n')}\n');
    final result =
        await hkReplayTranscript(HkTranscript.parse(file, lines.join('\n')), executable: binary);
    expect(result.summary, '${lines.length} passed, 0 failed');
  }, skip: skip);

  test('Dart replay: event lines by bytes, by value with matchers, missing and extra', () async {
    const text = '''
{"channel": "healthkit_permissions", "call": {"method": "requestPermissions", "args": {"read": ["steps"], "write": ["steps"]}}, "reply": {"ok": true}}
{"channel": "healthkit_permissions/anchored", "call": {"method": "listen", "args": {"type": "steps"}}, "reply": {"ok": null}}
{"channel": "healthkit_permissions/anchored", "event": {"ok": {"type": "steps", "added": [], "deleted": [], "anchor": {"\$int64": 9}}}, "match": {"event.ok.anchor": "int"}}
{"channel": "healthkit_permissions/observe", "call": {"method": "listen", "args": {"types": ["steps"]}}, "reply": {"ok": null}}
{"channel": "healthkit_permissions/observe", "call": {"method": "cancel", "args": null}, "reply": {"ok": null}}
{"channel": "healthkit_permissions/observe", "event": {"end": true}, "eventHex": null}
''';
    final result =
        await hkReplayTranscript(HkTranscript.parse('t.jsonl', text), executable: binary);
    expect(result.summary, '5 passed, 2 failed');
    // The extra event at the observer's listen (line 4), the missing end at line 6.
    expect([for (final f in result.failures) f.line], [4, 6]);
    expect(result.failures[0].why, contains('an extra event'));
    expect(result.failures[1].why, contains('missing'));
  }, skip: skip);

  group('Flutter\'s EventChannel through HkMockSession', () {
    test('listen, events delivered to the handler the plugin set, cancel', () async {
      final messenger = FakeMessenger();
      final session = await HkMockSession.start(
          executable: binary, onStderr: (_) {}, deliverHostMessage: messenger.handlePlatformMessage);
      await session.bridge.invokeMethod(plugin, 'requestPermissions', {
        'read': ['steps'],
        'write': ['steps'],
      });
      // What EventChannel(observe).receiveBroadcastStream({...}) does on a messenger.
      final observer = Collected(hkEventStream(session.handle, messenger.setMessageHandler, observe, {
        'types': ['steps']
      }));
      await settle(session.bridge);
      await addOther(session.bridge, [steps(t0, 3)]);
      await settle(session.bridge);
      expect(observer.errors, isEmpty);
      expect(observer.events, [
        {'type': 'steps'},
        {'type': 'steps'}
      ]);
      expect(messenger.replies, 2);
      await observer.subscription.cancel();
      expect(messenger.handlers.containsKey(observe), isFalse);
      expect(await session.close(), 0);
    });
  }, skip: skip);
}

/// Flutter's test messenger, as far as event channels use it: the handlers the app set, and
/// platform messages delivered to them (their answer goes back as the reply).
class FakeMessenger {
  final Map<String, void Function(ByteData?)> handlers = {};
  int replies = 0;

  void setMessageHandler(String channel, void Function(ByteData?)? handler) {
    if (handler == null) {
      handlers.remove(channel);
    } else {
      handlers[channel] = handler;
    }
  }

  void handlePlatformMessage(String channel, ByteData? message, void Function(ByteData?) reply) {
    handlers[channel]?.call(message);
    replies++;
    reply(null);
  }
}
