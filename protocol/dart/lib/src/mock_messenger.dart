// The emulator behind Flutter's test messenger, so a plugin's unchanged
// `MethodChannel('healthkit_permissions')` code talks to hkbridge in `flutter test`.

import 'dart:async';
import 'dart:io';
import 'dart:typed_data';

import 'package:flutter/services.dart';
import 'package:flutter_test/flutter_test.dart';

import 'client.dart';
import 'control.dart';

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
  HkBridgeMock._(this.bridge, this.channels, this._messenger);

  /// The client underneath (raw frames, HELLO).
  final HkBridge bridge;

  /// The channels whose outgoing messages go to hkbridge.
  final List<String> channels;

  final TestDefaultBinaryMessenger _messenger;

  /// The control channel of the same emulator.
  HkControl get control => HkControl(bridge.send);

  /// The `HKBRIDGE` environment variable, else `hkbridge` (found on PATH).
  static String get defaultExecutable => Platform.environment['HKBRIDGE'] ?? 'hkbridge';

  /// Starts hkbridge (`executable serve ...args`) and [attach]es it.
  ///
  /// [channels] defaults to every channel the HELLO lists (the plugin channel(s), renamed with
  /// `--channel` in [args] if needed, and `hkbridge/control`). Messages that hkbridge starts
  /// (HOST_MESSAGE) are delivered to the handlers the plugin registered on [messenger].
  static Future<HkBridgeMock> start({
    String? executable,
    List<String> args = const [],
    List<String>? channels,
    void Function(String line)? onStderr,
    TestDefaultBinaryMessenger? messenger,
  }) async {
    TestWidgetsFlutterBinding.ensureInitialized();
    final target = messenger ?? TestDefaultBinaryMessengerBinding.instance.defaultBinaryMessenger;
    final bridge = await HkBridge.start(
      executable: executable ?? defaultExecutable,
      args: args,
      onStderr: onStderr,
      onHostMessage: (channel, message) {
        // Delivered to the handler the plugin set with setMessageHandler (null if none).
        final reply = Completer<ByteData?>();
        target.handlePlatformMessage(channel, message, reply.complete);
        return reply.future;
      },
    );
    final mock = HkBridgeMock._(bridge, List.unmodifiable(channels ?? bridge.channels), target);
    mock.attach();
    return mock;
  }

  /// (Re)installs the mock message handlers. flutter_test clears them after each test, so call
  /// this in `setUp`.
  void attach() {
    for (final channel in channels) {
      _messenger.setMockMessageHandler(
          channel, (ByteData? message) => bridge.send(channel, message));
    }
  }

  /// Removes the mock message handlers.
  void detach() {
    for (final channel in channels) {
      _messenger.setMockMessageHandler(channel, null);
    }
  }

  /// [detach]es, closes hkbridge's stdin and returns its exit code (0 = clean).
  Future<int> close() {
    detach();
    return bridge.close();
  }
}
