// A running `hkbridge serve` process, driven over its stdin/stdout frames (../../protocol/frames.md).

import 'dart:async';
import 'dart:collection';
import 'dart:convert';
import 'dart:io';
import 'dart:typed_data';

import 'codec.dart';
import 'control.dart';
import 'events.dart';
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
class HkBridgeProtocolException extends HkBridgeException {
  const HkBridgeProtocolException(this.id, this.reason)
      : super('hkbridge refused frame $id: $reason');

  /// The id of the refused frame (0 when the host could not read it).
  final int id;

  /// The host's UTF-8 explanation.
  final String reason;
}

/// No hkbridge binary was found; the message lists the ways to provide one.
class HkBridgeNotFoundException extends HkBridgeException {
  const HkBridgeNotFoundException(String message) : super(message);
}

/// The process ended (or its stdout closed) while requests were waiting.
class HkBridgeExitedException extends HkBridgeException {
  HkBridgeExitedException(this.exitCode, this.stderrTail)
      : super('hkbridge exited with code $exitCode'
            '${stderrTail.isEmpty ? '' : '; its last stderr lines:\n${stderrTail.join('\n')}'}');
  final int exitCode;
  final List<String> stderrTail;
}

/// What the HELLO frame says about the emulator.
class HkBridgeHello {
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

  /// The event channels among [channels] (../../protocol/events.md); empty from an emulator
  /// that serves none.
  List<String> get eventChannels {
    final value = raw['eventChannels'];
    if (value is! List) return const [];
    return List<String>.unmodifiable(value.whereType<String>());
  }

  /// The plugin profiles served (`serve --profile`), in order; empty from an emulator that
  /// does not list them.
  List<String> get profiles {
    final value = raw['profiles'];
    if (value is! List) return const [];
    return List<String>.unmodifiable(value.whereType<String>());
  }

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
      throw HkBridgeException('this hkbridge speaks frame protocol $protocol, but this '
          'hkbridge_client speaks protocol ${HkBridge.supportedProtocol}: use an hkbridge binary '
          'and an hkbridge_client of the same release (`hkbridge --version` prints the '
          "binary's protocol)");
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

/// Starts a process that is an echo (such as `cat` after a HELLO frame) for measuring this
/// client itself (bin/bench.dart): a MESSAGE frame coming back is taken as the reply with its id,
/// and [args] are passed as they are (no `serve` in front). Not exported by the library.
Future<HkBridge> hkStartEchoHost(
        {required String executable, List<String> args = const [],
        void Function(String line)? onStderr}) =>
    HkBridge._start(executable: executable, args: args, onStderr: onStderr, echoHost: true);

/// A running `hkbridge serve`: send platform messages to it, as the iOS side of a plugin.
///
/// Requests may be pipelined: every [send] gets its own id and completes when the REPLY with
/// that id arrives.
class HkBridge {
  HkBridge._(
      this._process, this._onStderr, this._onHostMessage, int maxFrameLength, this._echo)
      : _reader = FrameReader(maxFrameLength: maxFrameLength);

  /// The wire protocol version this client speaks.
  static const int supportedProtocol = 1;

  /// How many of hkbridge's last stderr lines an [HkBridgeExitedException] carries.
  static const int stderrTailLength = 20;

  final Process _process;
  final void Function(String line) _onStderr;
  final HostMessageHandler? _onHostMessage;
  final FrameReader _reader;
  final bool _echo;
  final FrameWriter _output = FrameWriter();
  bool _flushScheduled = false;
  final Map<int, Completer<ByteData?>> _pending = {};
  final Map<String, void Function(ByteData?)> _eventHandlers = {};
  int _repliesReceived = 0;
  int _messagesSent = 0;
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
  /// [executable] is the path of the hkbridge binary; without it the binary is found as
  /// [findExecutable] says (`HKBRIDGE`, then `hkbridge` on `PATH`, then
  /// `.dart_tool/hkbridge/hkbridge`). [onStderr] receives hkbridge's stderr lines and this
  /// client's own diagnostics (prefixed `hkbridge_client:`); by default they go to this
  /// process's stderr. [onHostMessage] answers HOST_MESSAGE frames; without it they get a null
  /// HOST_REPLY.
  ///
  /// [profiles] are the plugin profiles to serve (`serve --profile NAME` each, in order: e.g.
  /// `['health']` for the `health` package's channels); empty: the default profile. HELLO's
  /// [profiles] getter says what was served.
  ///
  static Future<HkBridge> start({
    String? executable,
    List<String> profiles = const [],
    List<String> args = const [],
    void Function(String line)? onStderr,
    HostMessageHandler? onHostMessage,
    Duration helloTimeout = const Duration(seconds: 30),
    int maxFrameLength = 1 << 30,
  }) =>
      _start(
          executable: executable,
          profiles: profiles,
          args: args,
          onStderr: onStderr,
          onHostMessage: onHostMessage,
          helloTimeout: helloTimeout,
          maxFrameLength: maxFrameLength,
          echoHost: false);

  static Future<HkBridge> _start({
    String? executable,
    List<String> profiles = const [],
    List<String> args = const [],
    void Function(String line)? onStderr,
    HostMessageHandler? onHostMessage,
    Duration helloTimeout = const Duration(seconds: 30),
    int maxFrameLength = 1 << 30,
    required bool echoHost,
  }) async {
    final path = executable ?? findExecutable();
    final Process process;
    try {
      process = await Process.start(path, [
        if (!echoHost) 'serve',
        if (!echoHost)
          for (final profile in profiles) ...['--profile', profile],
        ...args
      ]);
    } on ProcessException catch (e) {
      throw HkBridgeException('could not start "$path serve": ${e.message}.\n${_howToInstall()}');
    }
    final bridge = HkBridge._(
        process, onStderr ?? _toStderr, onHostMessage, maxFrameLength, echoHost);
    bridge._listen();
    try {
      bridge._hello = await bridge._helloCompleter.future.timeout(helloTimeout);
    } on TimeoutException {
      process.kill();
      throw HkBridgeException('no HELLO from "$path serve" within $helloTimeout');
    } on HkBridgeExitedException {
      process.kill();
      rethrow;
    } on HkBridgeException catch (e) {
      process.kill();
      throw HkBridgeException('$path: ${e.message}');
    }
    return bridge;
  }

  /// Where [start] finds hkbridge when no path is given, first match wins:
  /// 1. the `HKBRIDGE` environment variable (a path to the binary);
  /// 2. `hkbridge` on `PATH`;
  /// 3. `.dart_tool/hkbridge/hkbridge` in the current directory (the project-local install).
  /// Throws [HkBridgeNotFoundException] naming each place tried and the command lines that put
  /// hkbridge in one of them. [environment] and [directory] default to this process's.
  static String findExecutable({Map<String, String>? environment, String? directory}) {
    final env = environment ?? Platform.environment;
    final tried = <String>[];
    final fromEnv = env['HKBRIDGE'];
    if (fromEnv != null && fromEnv.isNotEmpty) {
      if (_isExecutableFile(fromEnv)) return fromEnv;
      throw HkBridgeNotFoundException('HKBRIDGE is set to "$fromEnv", which is not an '
          'executable file. Point HKBRIDGE at the hkbridge binary, or unset it. '
          '${_howToInstall()}');
    }
    tried.add('HKBRIDGE (not set)');
    final pathVar = env['PATH'] ?? '';
    for (final dir in pathVar.split(':')) {
      if (dir.isEmpty) continue;
      final candidate = '$dir/hkbridge';
      if (_isExecutableFile(candidate)) return candidate;
    }
    tried.add('hkbridge on PATH (not found)');
    final base = directory ?? Directory.current.path;
    final local = '$base/$projectLocalPath';
    if (_isExecutableFile(local)) return local;
    tried.add('$local (absent)');
    throw HkBridgeNotFoundException(
        'hkbridge_client found no hkbridge binary. Tried: ${tried.join(', ')}. '
        '${_howToInstall()}');
  }

  /// The project-local install path [findExecutable] looks at, relative to the current directory.
  static const String projectLocalPath = '.dart_tool/hkbridge/hkbridge';

  static String _howToInstall() => 'Any one of these makes hkbridge found:\n'
      '  1. pass its path: HkBridge.start(executable: \'/path/to/hkbridge\')\n'
      '  2. set HKBRIDGE: HKBRIDGE=/path/to/hkbridge dart test   (or flutter test)\n'
      '  3. put it on PATH: export PATH="/dir/holding/hkbridge:\$PATH"\n'
      '  4. install it in the project: mkdir -p .dart_tool/hkbridge && '
      'tar -xzf hkbridge-VERSION-linux-ARCH.tar.gz -C .dart_tool/hkbridge\n'
      'To build the binary from source: swift build -c release in the hkbridge repository '
      '(it is .build/release/hkbridge).';

  static bool _isExecutableFile(String path) {
    final stat = FileStat.statSync(path);
    return stat.type == FileSystemEntityType.file && (stat.mode & 0x49) != 0; // any x bit
  }

  static void _toStderr(String line) => stderr.writeln('[hkbridge] $line');

  /// The HELLO frame's content.
  HkBridgeHello get hello => _hello;
  int get protocol => _hello.protocol;
  String get emulator => _hello.emulator;
  List<String> get channels => _hello.channels;
  Map<Object?, Object?> get device => _hello.device;
  List<String> get profiles => _hello.profiles;

  /// The control channel `hkbridge/control` of this emulator: its state set up from a test.
  late final HkControl control = HkControl(send);

  /// The process id of hkbridge.
  int get pid => _process.pid;

  /// Completes with hkbridge's exit code when it ends.
  Future<int> get exitCode => _process.exitCode;

  /// Sends [message] on [channel]; completes with the reply bytes, or null for a null reply.
  ///
  /// Completes with an [HkBridgeProtocolException] when the host refuses the frame, an
  /// [HkBridgeExitedException] when the process ends first.
  /// After [close] it fails with a [StateError], whatever the process did since.
  Future<ByteData?> send(String channel, ByteData? message) {
    if (_closing != null) {
      return Future.error(StateError('HkBridge.send("$channel") after close()'));
    }
    final failure = _failure;
    if (failure != null) return Future.error(failure);
    final id = _nextId();
    _messagesSent++;
    if (!_stdinClosed) {
      try {
        _output.add(FrameKind.message, id, channel, message == null ? null : bytesOf(message));
      } on ArgumentError catch (e) {
        return Future.error(e);
      }
      _scheduleFlush();
    }
    final completer = Completer<ByteData?>();
    _pending[id] = completer;
    return completer.future;
  }

  /// Writes the frame [frameFor] builds for a fresh id, byte for byte, and completes like [send]
  /// with what the host answers for that id. For testing how a host handles malformed frames:
  /// a PROTOCOL_ERROR for the id (or id 0) fails the returned future with
  /// [HkBridgeProtocolException].
  Future<ByteData?> sendFrameBytes(Uint8List Function(int id) frameFor) {
    if (_closing != null) return Future.error(StateError('HkBridge.sendFrameBytes after close()'));
    final failure = _failure;
    if (failure != null) return Future.error(failure);
    final id = _nextId();
    _messagesSent++;
    final completer = Completer<ByteData?>();
    _pending[id] = completer;
    _write(frameFor(id));
    return completer.future;
  }

  /// How many REPLY frames arrived so far. On a profile's channels replies come in request order
  /// and a call's events follow its reply (../../protocol/events.md), so a HOST_MESSAGE that
  /// arrives when this is n was caused by the n-th message sent ([messagesSent] after that
  /// [send]). A native plugin's channels reply when the plugin's code answers, possibly out of
  /// request order (../../protocol/native.md); every reply is matched to its request by id.
  int get repliesReceived => _repliesReceived;

  /// How many messages [send] and [sendFrameBytes] sent so far.
  int get messagesSent => _messagesSent;

  /// Installs (or, with null, removes) the handler of the HOST_MESSAGEs on [channel]; it gets
  /// each message's payload (null: a null message) and a null HOST_REPLY goes back. Channels
  /// without one go to `onHostMessage`.
  void setEventHandler(String channel, void Function(ByteData? message)? handler) {
    if (handler == null) {
      _eventHandlers.remove(channel);
    } else {
      _eventHandlers[channel] = handler;
    }
  }

  /// The events of the event channel [channel], as Flutter's
  /// `EventChannel(channel).receiveBroadcastStream(arguments)` gives them; see [hkEventStream].
  Stream<Object?> eventStream(String channel, [Object? arguments]) =>
      hkEventStream(send, setEventHandler, channel, arguments);

  /// How many requests are waiting for their reply.
  int get pendingCount => _pending.length;

  /// Calls [method] on [channel] with the standard method codec; see [hkInvokeMethod].
  Future<Object?> invokeMethod(String channel, String method, [Object? arguments]) =>
      hkInvokeMethod(send, channel, method, arguments);

  /// Closes hkbridge's stdin (it answers what it has read, then exits) and returns its exit code:
  /// 0 when it ended at a frame boundary.
  Future<int> close() => _closing ??= _close();

  Future<int> _close() async {
    _flush();
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

  /// Queues [bytes]; everything queued in one turn of the event loop goes out in one write, so
  /// that pipelined requests cost one system call per batch rather than one per frame.
  void _write(Uint8List bytes) {
    if (_stdinClosed) return;
    _output.addBytes(bytes);
    _scheduleFlush();
  }

  void _scheduleFlush() {
    if (!_flushScheduled) {
      _flushScheduled = true;
      scheduleMicrotask(_flush);
    }
  }

  void _flush() {
    _flushScheduled = false;
    if (_stdinClosed || _output.isEmpty) return;
    try {
      _process.stdin.add(_output.take());
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
    final kind = frame.kind;
    if (kind == FrameKind.reply || (_echo && kind == FrameKind.message)) {
      _onReply(frame);
    } else if (kind == FrameKind.hello) {
      if (_helloCompleter.isCompleted) {
        _diagnose('a second HELLO (ignored)');
        return;
      }
      try {
        _helloCompleter.complete(HkBridgeHello.decode(frame.payload));
      } on HkBridgeException catch (e) {
        _helloCompleter.completeError(e);
      }
    } else if (kind == FrameKind.protocolError) {
      _onProtocolError(frame);
    } else if (kind == FrameKind.hostMessage) {
      _answerHostMessage(frame);
    } else {
      _diagnose('hkbridge sent a ${kind.name} frame, which only Dart sends (ignored)');
    }
  }

  void _onReply(Frame frame) {
    _repliesReceived++;
    final completer = _pending.remove(frame.id);
    final payload = frame.payload;
    if (completer == null) {
      _diagnose('a REPLY for id ${frame.id}, which is not waiting (ignored)');
    } else {
      completer.complete(payload == null ? null : byteDataOf(payload));
    }
  }

  void _onProtocolError(Frame frame) {
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
  }

  Future<void> _answerHostMessage(Frame frame) async {
    ByteData? answer;
    final handler = _onHostMessage;
    final payload = frame.payload;
    final events = _eventHandlers[frame.channel];
    if (events != null) {
      try {
        events(payload == null ? null : byteDataOf(payload));
      } catch (e) {
        _diagnose('the event handler for ${frame.channel} threw $e');
      }
    } else if (handler != null) {
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
