// A running `hkbridge serve` process, driven over its stdin/stdout frames (protocol/frames.md).

import 'dart:async';
import 'dart:collection';
import 'dart:convert';
import 'dart:io';
import 'dart:typed_data';

import 'codec.dart';
import 'frames.dart';
import 'invoke.dart';

/// Answers a HOST_MESSAGE (a message the host starts, e.g. an event channel's events).
/// The result goes back as the HOST_REPLY; null is a null reply.
typedef HostMessageHandler = FutureOr<ByteData?> Function(String channel, ByteData? message);

/// Something went wrong between this client and the hkbridge process.
class HkBridgeException implements Exception {
  const HkBridgeException(this.message);
  final String message;

  @override
  String toString() => 'HkBridgeException: $message';
}

/// The host answered a frame with PROTOCOL_ERROR (0x7F).
final class HkBridgeProtocolException extends HkBridgeException {
  const HkBridgeProtocolException(this.id, this.reason)
      : super('hkbridge refused frame $id: $reason');

  /// The id of the refused frame (0 when the host could not read it).
  final int id;

  /// The host's UTF-8 explanation.
  final String reason;
}

/// The process ended (or its stdout closed) while requests were waiting.
final class HkBridgeExitedException extends HkBridgeException {
  HkBridgeExitedException(this.exitCode, this.stderrTail)
      : super('hkbridge exited with code $exitCode'
            '${stderrTail.isEmpty ? '' : '; its last stderr lines:\n${stderrTail.join('\n')}'}');
  final int exitCode;
  final List<String> stderrTail;
}

/// What the HELLO frame says about the emulator.
final class HkBridgeHello {
  const HkBridgeHello(this.protocol, this.emulator, this.channels, this.device, this.raw);

  /// The wire protocol version (this client speaks [HkBridge.supportedProtocol]).
  final int protocol;

  /// The emulator's version string.
  final String emulator;

  /// The channels it serves (the plugin channel(s) and `hkbridge/control`).
  final List<String> channels;

  /// The configured device, as the host describes it.
  final Map<Object?, Object?> device;

  /// The whole decoded payload, for keys this client does not know yet.
  final Map<Object?, Object?> raw;

  /// Decodes and checks a HELLO payload; throws [HkBridgeException] naming what is wrong.
  factory HkBridgeHello.decode(Uint8List? payload) {
    if (payload == null) {
      throw const HkBridgeException('HELLO has a null payload; expected a map');
    }
    final Object? value;
    try {
      value = const HkMessageCodec().decode(payload);
    } on HkCodecException catch (e) {
      throw HkBridgeException('HELLO payload does not decode: $e');
    }
    if (value is! Map) {
      throw HkBridgeException('HELLO payload is a ${value.runtimeType}; expected a map');
    }
    final protocol = value['protocol'];
    if (protocol is! int) {
      throw HkBridgeException('HELLO "protocol" is ${protocol.runtimeType}; expected an int');
    }
    if (protocol != HkBridge.supportedProtocol) {
      throw HkBridgeException('hkbridge speaks protocol $protocol; '
          'this client speaks protocol ${HkBridge.supportedProtocol}');
    }
    final emulator = value['emulator'];
    if (emulator is! String) {
      throw HkBridgeException('HELLO "emulator" is ${emulator.runtimeType}; expected a string');
    }
    final channels = value['channels'];
    if (channels is! List || !channels.every((c) => c is String)) {
      throw const HkBridgeException('HELLO "channels" is not a list of strings');
    }
    final device = value['device'];
    if (device is! Map) {
      throw HkBridgeException('HELLO "device" is ${device.runtimeType}; expected a map');
    }
    return HkBridgeHello(protocol, emulator, List<String>.unmodifiable(channels),
        Map<Object?, Object?>.unmodifiable(device), Map<Object?, Object?>.unmodifiable(value));
  }
}

/// A running `hkbridge serve`: send platform messages to it, as the iOS side of a plugin.
///
/// Requests may be pipelined: every [send] gets its own id and completes when the REPLY with
/// that id arrives.
final class HkBridge {
  HkBridge._(this._process, this._onStderr, this._onHostMessage, int maxFrameLength)
      : _reader = FrameReader(maxFrameLength: maxFrameLength);

  /// The wire protocol version this client speaks.
  static const int supportedProtocol = 1;

  /// How many of hkbridge's last stderr lines an [HkBridgeExitedException] carries.
  static const int stderrTailLength = 20;

  final Process _process;
  final void Function(String line) _onStderr;
  final HostMessageHandler? _onHostMessage;
  final FrameReader _reader;
  final Map<int, Completer<ByteData?>> _pending = {};
  final Completer<HkBridgeHello> _helloCompleter = Completer();
  final Completer<void> _stdoutDone = Completer();
  final Completer<void> _stderrDone = Completer();
  final Queue<String> _stderrTail = Queue();
  late final HkBridgeHello _hello;
  int _lastId = 0;
  bool _stdinClosed = false;
  HkBridgeException? _failure;
  Future<int>? _closing;

  /// Spawns `executable serve ...args` and waits for its HELLO.
  ///
  /// [onStderr] receives hkbridge's stderr lines and this client's own diagnostics (prefixed
  /// `hkbridge_client:`); by default they go to this process's stderr. [onHostMessage] answers
  /// HOST_MESSAGE frames; without it they get a null HOST_REPLY.
  static Future<HkBridge> start({
    String executable = 'hkbridge',
    List<String> args = const [],
    void Function(String line)? onStderr,
    HostMessageHandler? onHostMessage,
    Duration helloTimeout = const Duration(seconds: 30),
    int maxFrameLength = 1 << 30,
  }) async {
    final Process process;
    try {
      process = await Process.start(executable, ['serve', ...args]);
    } on ProcessException catch (e) {
      throw HkBridgeException('could not start "$executable serve": ${e.message}. '
          'Pass the path of the hkbridge binary (the example tests read it from HKBRIDGE)');
    }
    final bridge = HkBridge._(process, onStderr ?? _toStderr, onHostMessage, maxFrameLength);
    bridge._listen();
    try {
      bridge._hello = await bridge._helloCompleter.future.timeout(helloTimeout);
    } on TimeoutException {
      process.kill();
      throw HkBridgeException('no HELLO from "$executable serve" within $helloTimeout');
    } on HkBridgeException {
      process.kill();
      rethrow;
    }
    return bridge;
  }

  static void _toStderr(String line) => stderr.writeln('[hkbridge] $line');

  /// The HELLO frame's content.
  HkBridgeHello get hello => _hello;
  int get protocol => _hello.protocol;
  String get emulator => _hello.emulator;
  List<String> get channels => _hello.channels;
  Map<Object?, Object?> get device => _hello.device;

  /// The process id of hkbridge.
  int get pid => _process.pid;

  /// Completes with hkbridge's exit code when it ends.
  Future<int> get exitCode => _process.exitCode;

  /// Sends [message] on [channel]; completes with the reply bytes, or null for a null reply.
  ///
  /// Completes with an [HkBridgeProtocolException] when the host refuses the frame, an
  /// [HkBridgeExitedException] when the process ends first.
  Future<ByteData?> send(String channel, ByteData? message) {
    final failure = _failure;
    if (failure != null) return Future.error(failure);
    if (_closing != null) {
      return Future.error(StateError('HkBridge.send("$channel") after close()'));
    }
    final id = _nextId();
    final Uint8List frame;
    try {
      frame = encodeFrame(
          Frame(FrameKind.message, id, channel, message == null ? null : bytesOf(message)));
    } on ArgumentError catch (e) {
      return Future.error(e);
    }
    final completer = Completer<ByteData?>();
    _pending[id] = completer;
    _write(frame);
    return completer.future;
  }

  /// Calls [method] on [channel] with the standard method codec; see [hkInvokeMethod].
  Future<Object?> invokeMethod(String channel, String method, [Object? arguments]) =>
      hkInvokeMethod(send, channel, method, arguments);

  /// Closes hkbridge's stdin (it answers what it has read, then exits) and returns its exit code:
  /// 0 when it ended at a frame boundary.
  Future<int> close() => _closing ??= _close();

  Future<int> _close() async {
    _stdinClosed = true;
    try {
      await _process.stdin.close();
    } catch (_) {
      // The process is already gone; its exit code says why.
    }
    final code = await _process.exitCode;
    await _stdoutDone.future;
    return code;
  }

  /// Kills hkbridge (SIGTERM); pending requests then fail with [HkBridgeExitedException].
  bool kill() => _process.kill();

  int _nextId() {
    do {
      _lastId = _lastId >= 0xffffffff ? 1 : _lastId + 1;
    } while (_pending.containsKey(_lastId));
    return _lastId;
  }

  void _listen() {
    _process.stdout.listen(_onChunk,
        onError: (Object e) => _fail(HkBridgeException('reading hkbridge stdout failed: $e')),
        onDone: _onStdoutDone);
    _process.stderr
        .transform(const Utf8Decoder(allowMalformed: true))
        .transform(const LineSplitter())
        .listen(_onStderrLine, onDone: _stderrDone.complete, onError: (Object e) {});
    _process.stdin.done.then((_) {}, onError: (Object e) {
      _stdinClosed = true;
      _diagnose('writing to hkbridge failed: $e');
    });
  }

  void _onStderrLine(String line) {
    _stderrTail.addLast(line);
    if (_stderrTail.length > stderrTailLength) _stderrTail.removeFirst();
    _onStderr(line);
  }

  void _diagnose(String text) => _onStderr('hkbridge_client: $text');

  void _write(Uint8List bytes) {
    if (_stdinClosed) return;
    try {
      _process.stdin.add(bytes);
    } catch (e) {
      _stdinClosed = true;
      _fail(HkBridgeException('writing to hkbridge failed: $e'));
    }
  }

  void _onChunk(List<int> chunk) {
    if (_failure != null) return;
    _reader.feed(chunk);
    while (_failure == null) {
      final Frame? frame;
      try {
        frame = _reader.next();
      } on FrameFormatException catch (e) {
        _fail(HkBridgeException('hkbridge wrote a malformed frame: ${e.message}'));
        _process.kill();
        return;
      }
      if (frame == null) return;
      _onFrame(frame);
    }
  }

  void _onFrame(Frame frame) {
    switch (frame.kind) {
      case FrameKind.hello:
        if (_helloCompleter.isCompleted) {
          _diagnose('a second HELLO (ignored)');
          return;
        }
        try {
          _helloCompleter.complete(HkBridgeHello.decode(frame.payload));
        } on HkBridgeException catch (e) {
          _helloCompleter.completeError(e);
        }
      case FrameKind.reply:
        final completer = _pending.remove(frame.id);
        final payload = frame.payload;
        if (completer == null) {
          _diagnose('a REPLY for id ${frame.id}, which is not waiting (ignored)');
        } else {
          completer.complete(payload == null ? null : byteDataOf(payload));
        }
      case FrameKind.protocolError:
        final payload = frame.payload;
        final reason =
            payload == null ? '(no reason given)' : utf8.decode(payload, allowMalformed: true);
        final error = HkBridgeProtocolException(frame.id, reason);
        // Replies go out in request order, so a frame the host could not read (id 0) is the
        // oldest one still waiting.
        final id = _pending.containsKey(frame.id)
            ? frame.id
            : (frame.id == 0 && _pending.isNotEmpty ? _pending.keys.first : null);
        if (id == null) {
          _diagnose(error.message);
        } else {
          _pending.remove(id)!.completeError(error);
        }
      case FrameKind.hostMessage:
        _answerHostMessage(frame);
      case FrameKind.message:
      case FrameKind.hostReply:
        _diagnose('hkbridge sent a ${frame.kind.name} frame, which only Dart sends (ignored)');
    }
  }

  Future<void> _answerHostMessage(Frame frame) async {
    ByteData? answer;
    final handler = _onHostMessage;
    final payload = frame.payload;
    if (handler != null) {
      try {
        answer = await handler(frame.channel, payload == null ? null : byteDataOf(payload));
      } catch (e) {
        _diagnose('the host-message handler for ${frame.channel} threw $e; '
            'answering with a null reply');
      }
    }
    if (_stdinClosed) {
      _diagnose('HOST_MESSAGE ${frame.id} on ${frame.channel} answered after close (dropped)');
      return;
    }
    _write(encodeFrame(Frame(
        FrameKind.hostReply, frame.id, frame.channel, answer == null ? null : bytesOf(answer))));
  }

  void _onStdoutDone() {
    try {
      _reader.close();
    } on FrameFormatException catch (e) {
      _diagnose(e.message);
    }
    // Wait for stderr too, so that the exception carries the process's last words.
    _process.exitCode.then((code) async {
      await _stderrDone.future;
      _fail(HkBridgeExitedException(code, List.of(_stderrTail)));
      _stdoutDone.complete();
    });
  }

  /// Fails every waiting request (and a pending HELLO) with [error]; later sends fail too.
  void _fail(HkBridgeException error) {
    _failure ??= error;
    if (!_helloCompleter.isCompleted) _helloCompleter.completeError(error);
    final waiting = _pending.values.toList();
    _pending.clear();
    for (final completer in waiting) {
      completer.completeError(error);
    }
  }
}
