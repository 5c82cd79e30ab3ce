// This package README's "Keeping an app in sync" walkthrough, run: a test app's sync loop (observer
// fires → anchored query from the stored anchor → the anchor stored) against the real hkbridge, with
// another app writing and deleting through the control channel. The README shows the code
// between the README markers below, verbatim (the last test checks it).

import 'dart:async';
import 'dart:io';

import 'package:hkbridge_client/hkbridge_client.dart';
import 'package:test/test.dart';

import 'binary.dart';

// README: begin
/// A test app's sync loop: whenever the observer says steps changed, an anchored query fetches
/// what changed since the stored anchor; the app applies it and stores the new anchor.
class StepSync {
  StepSync(this.bridge);
  final HkBridge bridge;

  int anchor = 0; // a real app persists it
  final Map<String, double> steps = {}; // the app's copy of the samples, by uuid
  final StreamController<int> _anchors = StreamController();
  StreamSubscription<Object?>? _observer;

  /// Each anchor stored, in order.
  Stream<int> get anchors => _anchors.stream;

  void start() {
    _observer = bridge.eventStream('healthkit_permissions/observe', {
      'types': ['steps']
    }).asyncMap((_) => _sync()).listen(_anchors.add);
  }

  Future<int> _sync() async {
    // The first batch of an anchored query, then cancel: HKAnchoredObjectQuery without updates.
    final batch = await bridge.eventStream('healthkit_permissions/anchored',
        {'type': 'steps', 'anchor': anchor}).first as Map;
    for (final sample in batch['added'] as List) {
      steps[(sample as Map)['uuid'] as String] = sample['value'] as double;
    }
    for (final uuid in batch['deleted'] as List) {
      steps.remove(uuid);
    }
    return anchor = batch['anchor'] as int;
  }

  Future<void> stop() async => _observer?.cancel();
}

// In the test: another app writes and deletes through the control channel.
Future<void> walkthrough(HkBridge bridge) async {
  await bridge.invokeMethod('healthkit_permissions', 'requestPermissions', {
    'read': ['steps'],
    'write': ['steps'],
  });
  final sync = StepSync(bridge)..start();
  final anchors = StreamIterator(sync.anchors);
  await anchors.moveNext(); // the observer fires once when it starts: nothing yet
  expect(anchors.current, 0);

  Map<String, Object?> steps(int hour, num value) => {
        'type': 'steps',
        'start': 1704067200000 + hour * 3600000,
        'end': 1704067200000 + (hour + 1) * 3600000,
        'value': value,
        'unit': 'count',
      };
  final other = await bridge.control
      .addSamples([steps(0, 500), steps(1, 700)], sourceBundleId: 'com.other.app');
  await anchors.moveNext();
  expect(anchors.current, 2);
  expect(sync.steps, {other[0]: 500.0, other[1]: 700.0});

  await bridge.invokeMethod('healthkit_permissions', 'writeRecord', steps(2, 42));
  await anchors.moveNext();
  expect(anchors.current, 3);

  await bridge.control.deleteSamples(uuids: [other[0]]);
  await anchors.moveNext();
  expect(anchors.current, 4);
  expect(sync.steps.values.toList()..sort(), [42.0, 700.0]);
  await sync.stop();
}
// README: end

void main() {
  final binary = hkbridgeBinary();

  test('the sync loop follows the app\'s and another app\'s changes', () async {
    final bridge = await HkBridge.start(executable: binary, onStderr: (_) {});
    await walkthrough(bridge);
    expect(await bridge.close(), 0);
  }, skip: binary == null ? 'no hkbridge binary (set HKBRIDGE)' : null);

  test('the README shows this code verbatim', () {
    String between(String text, String begin, String end) {
      final from = text.indexOf(begin);
      expect(from >= 0, isTrue, reason: 'no "$begin"');
      final to = text.indexOf(end, from + begin.length);
      expect(to >= 0, isTrue, reason: 'no "$end" after "$begin"');
      return text.substring(from + begin.length, to).trim();
    }

    final own = between(
        File('test/sync_loop_test.dart').readAsStringSync(), '// README: begin', '// README: end');
    final readme = File('README.md').readAsStringSync();
    final section = readme.substring(readme.indexOf('## Keeping an app in sync'));
    expect(between(section, '```dart', '```'), own);
  });
}
