// Transcript lines (../../protocol/transcripts.md, ../../transcript.schema.json) from the exact
// bytes of an exchange, in the format `hkbridge serve --record` writes.

import 'dart:typed_data';

import 'client.dart';
import 'codec.dart';
import 'typed_json.dart';

/// Decodes everything a recording must keep: int64 widths, large ints, extension tags.
const HkMessageCodec _recordingCodec =
    HkMessageCodec(allowsExtensions: true, preserveWidths: true);
const HkMethodCodec _recordingMethodCodec = HkMethodCodec(_recordingCodec);

/// One transcript line for a method call ([isMethodCall]) or a plain message on [channel], in
/// the format `hkbridge serve --record` writes.
///
/// Keys in this order: `channel`, `call`|`message`, `reply`, `callHex`|`messageHex`, `replyHex`,
/// then `at` when given (the client's clock when it sent the call, ms since 1970).
/// A null request or reply has `null` as its hex; a null reply is `{"notImplemented": true}` for
/// a call and `{"message": null}` for a message. Request bytes that are no method call give
/// `"call": null` (their bytes stay in `callHex`); on a message channel, bytes that are no
/// message but a method call are recorded as the call. Reply bytes that do not decode give
/// `{"undecodable": "why"}`.
String transcriptLine(String channel, Uint8List? request, Uint8List? reply,
    {required bool isMethodCall, int? at}) {
  var asCall = isMethodCall;
  String requestJson;
  if (request == null) {
    requestJson = asCall ? '"call": null' : '"message": null';
  } else if (asCall) {
    requestJson = '"call": ${_callJson(request) ?? 'null'}';
  } else {
    String? message;
    try {
      message = encodeTypedJson(_recordingCodec.decode(request));
    } on HkCodecException {
      message = null;
    }
    final call = message == null ? _callJson(request) : null;
    if (call != null) {
      asCall = true;
      requestJson = '"call": $call';
    } else {
      requestJson = '"message": ${message ?? 'null'}';
    }
  }
  final replyJson = asCall ? _envelopeJson(reply) : _messageReplyJson(reply);
  return '{"channel": ${encodeTypedJson(channel)}, $requestJson, "reply": $replyJson, '
      '"${asCall ? 'callHex' : 'messageHex'}": ${_hex(request)}, "replyHex": ${_hex(reply)}'
      '${at == null ? '' : ', "at": $at'}}';
}

/// The transcript line of an event: `{"channel", "event": {"ok"|"error"|"end"}, "eventHex"}`.
String transcriptEventLine(String channel, Uint8List? payload) {
  final event = payload == null ? '{"end": true}' : _envelopeJson(payload);
  return '{"channel": ${encodeTypedJson(channel)}, "event": $event, "eventHex": ${_hex(payload)}}';
}

String _hex(Uint8List? bytes) => bytes == null ? 'null' : '"${hexOf(bytes)}"';

String? _callJson(Uint8List bytes) {
  try {
    final call = _recordingMethodCodec.decodeMethodCallBytes(bytes);
    return '{"method": ${encodeTypedJson(call.method)}, '
        '"args": ${encodeTypedJson(call.arguments)}}';
  } on HkCodecException {
    return null;
  }
}

String _envelopeJson(Uint8List? reply) {
  if (reply == null) return '{"notImplemented": true}';
  final HkEnvelope envelope;
  try {
    envelope = _recordingMethodCodec.decodeEnvelopeBytes(reply);
  } on HkCodecException catch (e) {
    return '{"undecodable": ${encodeTypedJson('not a reply envelope: ${e.description}')}}';
  }
  if (envelope is HkErrorEnvelope) {
    final stacktrace = envelope.stacktrace;
    return '{"error": {"code": ${encodeTypedJson(envelope.code)}, '
        '"message": ${encodeTypedJson(envelope.message)}, '
        '"details": ${encodeTypedJson(envelope.details)}'
        '${stacktrace == null ? '' : ', "stacktrace": ${encodeTypedJson(stacktrace)}'}}}';
  }
  return '{"ok": ${encodeTypedJson((envelope as HkSuccessEnvelope).value)}}';
}

String _messageReplyJson(Uint8List? reply) {
  if (reply == null) return '{"message": null}';
  try {
    return '{"message": ${encodeTypedJson(_recordingCodec.decode(reply))}}';
  } on HkCodecException catch (e) {
    return '{"undecodable": ${encodeTypedJson('not a standard message: ${e.description}')}}';
  }
}

/// A `{"note": text}` line.
String transcriptNote(String text) => '{"note": ${encodeTypedJson(text)}}';

/// The optional first line of a transcript, `{"hkbridge": {...}}`: what the recording was made
/// with, so that a replay can set the emulator up the same way. Fields left null are left out.
class HkTranscriptHeader {
  const HkTranscriptHeader(
      {this.version,
      this.channels,
      this.profiles,
      this.customChannels,
      this.device,
      this.osVersion,
      this.bundleId,
      this.appName});

  /// From an emulator's HELLO: its version, its plugin channels (the control channel left
  /// out: it is always there), the device and iOS version it started with, and its bundle id
  /// when it is not the default one (`serve --bundle-id`): the header `hkbridge serve --record`
  /// writes for the same session. (HELLO does not carry an `appName`: pass one yourself.)
  /// An emulator serving other profiles than the default one alone gets `profiles`, and then no
  /// `channels` (HELLO does not say which of its channels are the default profile's).
  factory HkTranscriptHeader.fromHello(HkBridgeHello hello) {
    final device = hello.device;
    String? text(Object? v) => v is String ? v : null;
    final profiles = hello.profiles;
    final onlyDefault =
        profiles.isEmpty || (profiles.length == 1 && profiles.first == defaultProfile);
    final bundleId = text(device['bundleId']);
    final custom = hello.raw['customChannels'];
    final customChannels = custom is List ? [for (final c in custom) '$c'] : const <String>[];
    return HkTranscriptHeader(
      version: hello.emulator,
      channels: onlyDefault
          ? [
              for (final c in hello.channels)
                if (c != HkTranscriptHeader.controlChannel &&
                    !hello.eventChannels.contains(c) &&
                    !customChannels.contains(c))
                  c
            ]
          : null,
      customChannels: customChannels.isEmpty ? null : customChannels,
      profiles: onlyDefault ? null : profiles,
      device: text(device['model']),
      osVersion: text(device['osVersion']),
      bundleId: bundleId == defaultBundleId ? null : bundleId,
    );
  }

  /// The app the emulator is when nothing else is said.
  static const String defaultBundleId = 'com.example.app';

  static const String controlChannel = 'hkbridge/control';

  /// The profile served when `serve --profile` is not given.
  static const String defaultProfile = 'healthkit_permissions';

  /// The version of what recorded it (hkbridge's, from HELLO; or the app's own words);
  /// information only.
  final String? version;

  /// The plugin channel names (`serve --channel`).
  final List<String>? channels;

  /// The plugin profiles (`serve --profile`), when not the default one alone.
  final List<String>? profiles;

  /// Channels the user declared (`serve --custom-channel`): any method name, answered by stubs
  /// and playback (../../protocol/custom-channels.md).
  final List<String>? customChannels;

  /// `iPhone` or `iPad`.
  final String? device;
  final String? osVersion;

  /// The app that was recorded (its bundle identifier): replay makes the emulated app that app
  /// (`configure` `bundleId` on the control channel), so what it writes has this source.
  final String? bundleId;

  /// The app's display name (the source's name): replay applies it with `bundleId`.
  final String? appName;

  /// The line, keys in the order version, channels, profiles, customChannels, device,
  /// osVersion, bundleId, appName.
  String toLine() {
    final fields = <String>[
      if (version != null) '"version": ${encodeTypedJson(version)}',
      if (channels != null) '"channels": ${encodeTypedJson(channels)}',
      if (profiles != null) '"profiles": ${encodeTypedJson(profiles)}',
      if (customChannels != null) '"customChannels": ${encodeTypedJson(customChannels)}',
      if (device != null) '"device": ${encodeTypedJson(device)}',
      if (osVersion != null) '"osVersion": ${encodeTypedJson(osVersion)}',
      if (bundleId != null) '"bundleId": ${encodeTypedJson(bundleId)}',
      if (appName != null) '"appName": ${encodeTypedJson(appName)}',
    ];
    return '{"hkbridge": {${fields.join(', ')}}}';
  }
}

/// Turns exchanges into transcript lines, in the order the requests were made, whatever the
/// order their replies arrive in.
class TranscriptRecorder {
  TranscriptRecorder(this.onLine);

  /// Receives each finished line (no newline).
  final void Function(String line) onLine;

  final List<_Slot> _slots = [];
  int _firstTicket = 0;

  /// Starts an exchange sent at [at] (ms since 1970; null: no `at` on the line); pass the
  /// ticket to [complete] or [fail]. Copies [request].
  int begin(String channel, Uint8List? request, {required bool isMethodCall, int? at}) {
    _slots.add(
        _Slot(channel, request == null ? null : Uint8List.fromList(request), isMethodCall, at));
    return _firstTicket + _slots.length - 1;
  }

  /// The reply arrived.
  void complete(int ticket, Uint8List? reply) {
    final slot = _slot(ticket);
    if (slot == null) return;
    slot.line = transcriptLine(slot.channel, slot.request, reply,
        isMethodCall: slot.isMethodCall, at: slot.at);
    _flush();
  }

  /// The send failed without a reply: the line becomes a note.
  void fail(int ticket, Object error) {
    final slot = _slot(ticket);
    if (slot == null) return;
    slot.line = transcriptNote('no reply on ${slot.channel}: $error');
    _flush();
  }

  _Slot? _slot(int ticket) {
    final index = ticket - _firstTicket;
    if (index < 0 || index >= _slots.length) return null;
    final slot = _slots[index];
    return slot.line == null ? slot : null;
  }

  /// An event the host sent on [channel] ([payload] null: the end of the stream): its line
  /// goes right after the newest exchange sent so far, the call that caused it
  /// (../../protocol/events.md#transcripts).
  void event(String channel, Uint8List? payload) {
    final line = transcriptEventLine(channel, payload);
    if (_slots.isEmpty) {
      onLine(line);
    } else {
      _slots.last.events.add(line);
    }
  }

  void _flush() {
    var done = 0;
    while (done < _slots.length && _slots[done].line != null) {
      onLine(_slots[done].line!);
      _slots[done].events.forEach(onLine);
      done++;
    }
    _slots.removeRange(0, done);
    _firstTicket += done;
  }
}

class _Slot {
  _Slot(this.channel, this.request, this.isMethodCall, this.at);
  final String channel;
  final Uint8List? request;
  final bool isMethodCall;
  final int? at;
  String? line;
  final List<String> events = [];
}

/// What [HkRecorder] records through: a function that really sends a message and completes
/// with its reply. `HkBridge.send` has this shape, and so does a Flutter `BinaryMessenger.send`
/// (which may return null: the recorder then records and returns a null reply).
typedef HkInnerSend = Future<ByteData?>? Function(String channel, ByteData? message);

/// Records the exchanges that go through it: what a recording `BinaryMessenger` does, without
/// Flutter. Every message goes to [inner]; the messages on the recorded channels become
/// transcript lines, in the order they were sent, whatever the order of their replies.
///
/// [send] is itself a send function (`HkSend`), so it goes wherever `HkBridge.send` goes:
///
/// ```dart
/// final recorder = HkRecorder(bridge.send, onLine: sink.writeln, header: header);
/// await hkInvokeMethod(recorder.send, 'healthkit_permissions', 'isAvailable');
/// final control = HkControl(recorder.send); // recorded too, if its channel is
/// ```
///
/// Each exchange line gets `at`: [clock]'s time when the message was sent, in ms since 1970
/// (the device's clock on a device; replay moves the emulator's clock to it). `clock: null`
/// leaves `at` out. The first line is [header] when one is given: on a device, what the app
/// knows of itself (device, iOS version, and its `bundleId` and `appName`, which replay makes
/// the emulated app's); against hkbridge, `HkTranscriptHeader.fromHello`. [writeHeader] false
/// leaves it out, for lines appended to a transcript that already has one.
class HkRecorder {
  HkRecorder(
    this.inner, {
    required void Function(String line) onLine,
    this.methodChannels = const {'healthkit_permissions'},
    this.messageChannels = const {},
    HkTranscriptHeader? header,
    bool writeHeader = true,
    this.clock = HkRecorder.deviceClock,
  }) : _recorder = TranscriptRecorder(onLine) {
    if (header != null && writeHeader) onLine(header.toLine());
  }

  /// The clock `at` is read from by default: this process's (the device's) clock.
  static DateTime deviceClock() => DateTime.now();

  /// Where messages really go.
  final HkInnerSend inner;

  /// Channels whose messages are method calls (StandardMethodCodec).
  final Set<String> methodChannels;

  /// Channels whose messages are plain messages (StandardMessageCodec, BasicMessageChannel).
  final Set<String> messageChannels;

  /// The clock `at` is read from; null: no `at`.
  final DateTime Function()? clock;

  final TranscriptRecorder _recorder;

  /// Records a message the platform sent the app on [channel] (an event channel's event; null:
  /// the end of its stream) as an event line after the newest exchange; other channels are not
  /// recorded. A recording messenger calls it from `handlePlatformMessage`.
  void hostMessage(String channel, ByteData? message) {
    if (!methodChannels.contains(channel)) return;
    _recorder.event(channel, message == null ? null : Uint8List.sublistView(message));
  }

  /// Sends [message] on [channel] through [inner] and records the exchange when [channel] is
  /// recorded. Completes with [inner]'s reply (a null future from [inner] is a null reply); an
  /// error from [inner] is recorded as a note and passed on.
  Future<ByteData?> send(String channel, ByteData? message) {
    final isMethodCall = methodChannels.contains(channel);
    if (!isMethodCall && !messageChannels.contains(channel)) {
      return inner(channel, message) ?? Future<ByteData?>.value(null);
    }
    final ticket = _recorder.begin(
        channel, message == null ? null : Uint8List.sublistView(message),
        isMethodCall: isMethodCall, at: clock?.call().millisecondsSinceEpoch);
    final Future<ByteData?>? reply;
    try {
      reply = inner(channel, message);
    } catch (error) {
      _recorder.fail(ticket, error);
      rethrow;
    }
    if (reply == null) {
      _recorder.complete(ticket, null);
      return Future<ByteData?>.value(null);
    }
    return reply.then((ByteData? data) {
      _recorder.complete(ticket, data == null ? null : Uint8List.sublistView(data));
      return data;
    }, onError: (Object error, StackTrace stack) {
      _recorder.fail(ticket, error);
      Error.throwWithStackTrace(error, stack);
    });
  }
}
