// The emulator behind Flutter's test messenger, so a plugin's unchanged
// `MethodChannel('healthkit_permissions')` code talks to hkbridge in `flutter test`. All logic
// is in hkbridge_client's HkMockSession (tested on the plain Dart VM); this file only installs
// its handler.

import 'package:flutter/services.dart';
import 'package:flutter_test/flutter_test.dart';
import 'package:hkbridge_client/hkbridge_client.dart';

/// A running hkbridge wired into `TestDefaultBinaryMessengerBinding`.
///
/// ```dart
/// late HkBridgeMock hk;
/// setUpAll(() async => hk = await HkBridgeMock.start());
/// setUp(() async {
///   hk.attach();             // flutter_test clears mock handlers after each test
///   await hk.control.reset();
/// });
/// tearDownAll(() async => expect(await hk.close(), 0));
/// ```
///
/// Use `test(...)`, or `tester.runAsync` inside `testWidgets`: the replies come from another
/// process, so they need real asynchronous I/O, which `testWidgets`' fake clock holds back.
class HkBridgeMock {
  HkBridgeMock._(this.session, this._messenger);

  /// The session: channels, handler, control.
  final HkMockSession session;
  final TestDefaultBinaryMessenger _messenger;

  /// The client underneath (raw frames, HELLO).
  HkBridge get bridge => session.bridge;

  /// The channels whose outgoing messages go to hkbridge.
  List<String> get channels => session.channels;

  /// The control channel of the same emulator.
  HkControl get control => session.control;

  /// Starts hkbridge and [attach]es it; see [HkMockSession.start] for the arguments
  /// ([executable] found by [HkBridge.findExecutable] when null; [profiles] as
  /// `HkBridge.start` takes them). Messages that hkbridge starts (HOST_MESSAGE) are delivered to
  /// the handlers the plugin registered on [messenger].
  ///
  /// [golden]: a golden file (e.g. `goldens/session.jsonl`) the whole run's traffic is compared
  /// with when [close] is called: a plugin that sends something else fails with the diff;
  /// `HKBRIDGE_UPDATE_GOLDENS=1 flutter test` writes or rewrites it instead.
  static Future<HkBridgeMock> start({
    String? executable,
    List<String> profiles = const [],
    List<String> args = const [],
    List<String>? channels,
    String? golden,
    void Function(String line)? onStderr,
    TestDefaultBinaryMessenger? messenger,
  }) async {
    TestWidgetsFlutterBinding.ensureInitialized();
    final target = messenger ?? TestDefaultBinaryMessengerBinding.instance.defaultBinaryMessenger;
    final session = await HkMockSession.start(
      executable: executable,
      profiles: profiles,
      args: args,
      channels: channels,
      golden: golden,
      onStderr: onStderr,
      // ignore: deprecated_member_use
      deliverHostMessage: (channel, message, reply) =>
          target.handlePlatformMessage(channel, message, reply),
    );
    return HkBridgeMock._(session, target)..attach();
  }

  /// (Re)installs the mock message handlers. flutter_test clears them after each test, so call
  /// this in `setUp`.
  void attach() {
    for (final channel in channels) {
      _messenger.setMockMessageHandler(channel, (message) => session.handle(channel, message));
    }
  }

  /// Removes the mock message handlers.
  void detach() {
    for (final channel in channels) {
      _messenger.setMockMessageHandler(channel, null);
    }
  }

  /// [detach]es, closes hkbridge's stdin and returns its exit code (0 = clean); with a golden,
  /// then compares the run's traffic with it (throws `HkGoldenMismatch` with the diff).
  Future<int> close() {
    detach();
    return session.close();
  }
}
