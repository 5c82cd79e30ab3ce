// Transcript lines (../../transcripts.md, ../../transcript.schema.json) from the exact
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
/// Keys in this order: `channel`, `call`|`message`, `reply`, `callHex`|`messageHex`, `replyHex`.
/// A null request or reply has `null` as its hex; a null reply is `{"notImplemented": true}` for
/// a call and `{"message": null}` for a message. Request bytes that are no method call give
/// `"call": null` (their bytes stay in `callHex`); on a message channel, bytes that are no
/// message but a method call are recorded as the call. Reply bytes that do not decode give
/// `{"undecodable": "why"}`.
String transcriptLine(String channel, Uint8List? request, Uint8List? reply,
    {required bool isMethodCall}) {
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
      '"${asCall ? 'callHex' : 'messageHex'}": ${_hex(request)}, "replyHex": ${_hex(reply)}}';
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
      this.device,
      this.osVersion,
      this.bundleId,
      this.appName});

  /// From an emulator's HELLO: its version, its plugin channels (the control channel left
  /// out: it is always there), and the device and iOS version it started with: the header
  /// `hkbridge serve --record` writes for the same session. (The bundle id is left out, as
  /// there: serve always starts with the default one, and replay treats it as information.)
  /// An emulator serving other profiles than the default one alone gets `profiles`, and then no
  /// `channels` (HELLO does not say which of its channels are the default profile's).
  factory HkTranscriptHeader.fromHello(HkBridgeHello hello) {
    final device = hello.device;
    String? text(Object? v) => v is String ? v : null;
    final profiles = hello.profiles;
    final onlyDefault =
        profiles.isEmpty || (profiles.length == 1 && profiles.first == defaultProfile);
    return HkTranscriptHeader(
      version: hello.emulator,
      channels: onlyDefault
          ? [
              for (final c in hello.channels)
                if (c != HkTranscriptHeader.controlChannel) c
            ]
          : null,
      profiles: onlyDefault ? null : profiles,
      device: text(device['model']),
      osVersion: text(device['osVersion']),
    );
  }

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

  /// `iPhone` or `iPad`.
  final String? device;
  final String? osVersion;

  /// The app that was recorded (its bundle identifier): replay makes the emulated app that app
  /// (`configure` `bundleId` on the control channel), so what it writes has this source.
  final String? bundleId;

  /// The app's display name (the source's name): replay applies it with `bundleId`.
  final String? appName;

  /// The line, keys in the order version, channels, profiles, device, osVersion, bundleId,
  /// appName.
  String toLine() {
    final fields = <String>[
      if (version != null) '"version": ${encodeTypedJson(version)}',
      if (channels != null) '"channels": ${encodeTypedJson(channels)}',
      if (profiles != null) '"profiles": ${encodeTypedJson(profiles)}',
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

  /// Starts an exchange; pass the ticket to [complete] or [fail]. Copies [request].
  int begin(String channel, Uint8List? request, {required bool isMethodCall}) {
    _slots.add(_Slot(channel, request == null ? null : Uint8List.fromList(request), isMethodCall));
    return _firstTicket + _slots.length - 1;
  }

  /// The reply arrived.
  void complete(int ticket, Uint8List? reply) {
    final slot = _slot(ticket);
    if (slot == null) return;
    slot.line = transcriptLine(slot.channel, slot.request, reply, isMethodCall: slot.isMethodCall);
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

  void _flush() {
    var done = 0;
    while (done < _slots.length && _slots[done].line != null) {
      onLine(_slots[done].line!);
      done++;
    }
    _slots.removeRange(0, done);
    _firstTicket += done;
  }
}

class _Slot {
  _Slot(this.channel, this.request, this.isMethodCall);
  final String channel;
  final Uint8List? request;
  final bool isMethodCall;
  String? line;
}

/// Records the exchanges a messenger passes through it: what a recording `BinaryMessenger`
/// does, without Flutter. Give every outgoing message to [send] together with the function that
/// really sends it; the messages on the recorded channels become transcript lines.
///
/// The first line is [header] (when [writeHeader] is true and a header is given), written when
/// the recorder is made.
class HkRecorder {
  HkRecorder({
    required void Function(String line) onLine,
    this.methodChannels = const {'healthkit_permissions'},
    this.messageChannels = const {},
    HkTranscriptHeader? header,
    bool writeHeader = true,
  }) : _recorder = TranscriptRecorder(onLine) {
    if (header != null && writeHeader) onLine(header.toLine());
  }

  /// Channels whose messages are method calls (StandardMethodCodec).
  final Set<String> methodChannels;

  /// Channels whose messages are plain messages (StandardMessageCodec, BasicMessageChannel).
  final Set<String> messageChannels;

  final TranscriptRecorder _recorder;

  /// Sends [message] on [channel] through [inner] and records the exchange when [channel] is
  /// recorded. Returns what [inner] returns (a null future stays null: the line then records a
  /// null reply); an error from [inner] is recorded as a note and passed on.
  Future<ByteData?>? send(String channel, ByteData? message,
      Future<ByteData?>? Function(String channel, ByteData? message) inner) {
    final isMethodCall = methodChannels.contains(channel);
    if (!isMethodCall && !messageChannels.contains(channel)) return inner(channel, message);
    final ticket = _recorder.begin(
        channel, message == null ? null : Uint8List.sublistView(message),
        isMethodCall: isMethodCall);
    final Future<ByteData?>? reply;
    try {
      reply = inner(channel, message);
    } catch (error) {
      _recorder.fail(ticket, error);
      rethrow;
    }
    if (reply == null) {
      _recorder.complete(ticket, null);
      return null;
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
