// Replaying a transcript through `hkbridge serve` from Dart: every call encoded by this package's
// codec from its typed JSON, every reply decoded by it and compared the way a Dart test sees it
// (hkValuesEqual) and byte for byte against `replyHex`.

import 'dart:convert';
import 'dart:typed_data';

import 'client.dart';
import 'codec.dart';
import 'dart_equality.dart';
import 'invoke.dart';
import 'transcript.dart';
import 'typed_json.dart';
import 'typed_json_reader.dart';

/// A line that is not a valid transcript line.
class HkTranscriptFormatException implements Exception {
  const HkTranscriptFormatException(this.path, this.line, this.message);
  final String path;
  final int line;
  final String message;

  @override
  String toString() => '$path:$line: $message';
}

/// One exchange of a transcript, read for replay.
class HkTranscriptExchange {
  HkTranscriptExchange._(this.line, this.channel, this.isMethodCall, this.method, this.request,
      this.hasRequestBytes, this.requestBytes, this.reply, this.hasReplyBytes, this.replyBytes);

  /// The 1-based line number.
  final int line;
  final String channel;
  final bool isMethodCall;

  /// The method name; `(malformed call)` or `(message)` when there is none.
  final String method;

  /// The request as this package's codec encodes it from the typed JSON; null when the
  /// transcript states none (`"call": null`) or a null message.
  final Uint8List? request;

  /// Whether `callHex`/`messageHex` is present; [requestBytes] is then its bytes (null = a null
  /// payload).
  final bool hasRequestBytes;
  final Uint8List? requestBytes;

  /// The `reply` object as parsed JSON (`{"ok": ...}`, `{"error": ...}`, ...); null if absent.
  final Map<String, Object?>? reply;

  /// Whether `replyHex` is present; [replyBytes] is then its bytes (null = a null reply).
  final bool hasReplyBytes;
  final Uint8List? replyBytes;

  /// What is sent: the recorded bytes when present (verbatim, as `hkbridge replay` does), else
  /// [request].
  Uint8List? get payload => hasRequestBytes ? requestBytes : request;
}

/// A transcript file, read for replay.
class HkTranscript {
  HkTranscript._(this.path, this.header, this.exchanges, {this.tornLastLine});

  final String path;

  /// A last line with no newline that is not JSON (an append cut short), ignored; else null.
  final String? tornLastLine;

  /// The `{"hkbridge": {...}}` first line, when there is one.
  final HkTranscriptHeader? header;
  final List<HkTranscriptExchange> exchanges;

  /// Reads [text]; throws [HkTranscriptFormatException] naming the line of what is wrong.
  factory HkTranscript.parse(String path, String text) {
    HkTranscriptHeader? header;
    final exchanges = <HkTranscriptExchange>[];
    final lines = const LineSplitter().convert(text);
    String? torn;
    var seenContent = false;
    for (var i = 0; i < lines.length; i++) {
      final number = i + 1;
      final source = lines[i];
      if (source.trim().isEmpty) continue;
      Never bad(String why) => throw HkTranscriptFormatException(path, number, why);
      final Object? json;
      try {
        json = jsonDecode(source);
      } on FormatException catch (e) {
        // Whole lines only: a final line cut short (no newline) is left out, as hkbridge does.
        if (i == lines.length - 1 && !text.endsWith('\n')) {
          torn = source;
          continue;
        }
        bad('not JSON: ${e.message}');
      }
      if (json is! Map<String, Object?>) bad('a line is a JSON object');
      if (json.containsKey('hkbridge')) {
        if (seenContent) bad('the {"hkbridge": ...} header must be the first line');
        header = _header(json['hkbridge'], bad);
      } else if (json.containsKey('channel')) {
        try {
          exchanges.add(_exchange(number, json, bad));
        } on TypedJsonException catch (e) {
          bad('bad typed JSON at ${e.path}: ${e.message}');
        } on HkTranscriptFormatException {
          rethrow;
        } on Object catch (e) {
          bad('cannot encode the request: $e');
        }
      } else if (!json.containsKey('note')) {
        bad('a line is a note, an exchange (with "channel") or the {"hkbridge": ...} header');
      }
      seenContent = true;
    }
    return HkTranscript._(path, header, exchanges, tornLastLine: torn);
  }

  static HkTranscriptHeader _header(Object? body, Never Function(String) bad) {
    if (body is! Map) bad('"hkbridge" is an object');
    String? text(String key) {
      final v = body[key];
      if (v != null && v is! String) bad('"hkbridge.$key" is a string');
      return v as String?;
    }

    final channels = body['channels'];
    if (channels != null && (channels is! List || !channels.every((c) => c is String))) {
      bad('"hkbridge.channels" is a list of strings');
    }
    final profiles = body['profiles'];
    if (profiles != null &&
        (profiles is! List || profiles.isEmpty || !profiles.every((c) => c is String))) {
      bad('"hkbridge.profiles" is a non-empty list of strings');
    }
    return HkTranscriptHeader(
      version: text('version'),
      channels: channels == null ? null : List<String>.from(channels as List),
      profiles: profiles == null ? null : List<String>.from(profiles as List),
      device: text('device'),
      osVersion: text('osVersion'),
      bundleId: text('bundleId'),
    );
  }

  static HkTranscriptExchange _exchange(
      int number, Map<String, Object?> json, Never Function(String) bad) {
    final channel = json['channel'];
    if (channel is! String) bad('"channel" is a string');
    final isMethodCall = json.containsKey('call');
    if (!isMethodCall && !json.containsKey('message')) bad('an exchange has "call" or "message"');
    Uint8List? request;
    var method = isMethodCall ? '(malformed call)' : '(message)';
    if (isMethodCall) {
      final call = json['call'];
      if (call != null) {
        if (call is! Map || call['method'] is! String) bad('"call" is {"method": s, "args": v}');
        method = call['method'] as String;
        request = const HkMethodCodec(HkMessageCodec(allowsExtensions: true))
            .encodeMethodCall(method, typedJsonValue(call['args'], r'$.call.args'));
      }
    } else if (json['message'] != null) {
      request = const HkMessageCodec(allowsExtensions: true)
          .encode(typedJsonValue(json['message'], r'$.message'));
    }
    final hexKey = isMethodCall ? 'callHex' : 'messageHex';
    final reply = json['reply'];
    if (reply != null && reply is! Map<String, Object?>) bad('"reply" is an object');
    return HkTranscriptExchange._(
      number,
      channel,
      isMethodCall,
      method,
      request,
      json.containsKey(hexKey),
      _bytes(json[hexKey], hexKey, bad),
      reply as Map<String, Object?>?,
      json.containsKey('replyHex'),
      _bytes(json['replyHex'], 'replyHex', bad),
    );
  }

  static Uint8List? _bytes(Object? hex, String key, Never Function(String) bad) {
    if (hex == null) return null;
    if (hex is! String || hex.length.isOdd || !RegExp(r'^[0-9a-fA-F]*$').hasMatch(hex)) {
      bad('"$key" is an even number of hex digits');
    }
    return Uint8List.fromList([
      for (var i = 0; i < hex.length; i += 2) int.parse(hex.substring(i, i + 2), radix: 16),
    ]);
  }

  /// The `serve` arguments that start the emulator as the header says (`--profile` for each
  /// profile, `--channel` for each channel but the control channel, which is always there;
  /// `--device`, `--os`); empty without a header.
  List<String> get serveArgs {
    final h = header;
    if (h == null) return const [];
    return [
      for (final p in h.profiles ?? const <String>[]) ...['--profile', p],
      for (final c in h.channels ?? const <String>[])
        if (c != HkTranscriptHeader.controlChannel) ...['--channel', c],
      if (h.device != null) ...['--device', h.device!],
      if (h.osVersion != null) ...['--os', h.osVersion!],
    ];
  }
}

/// One exchange that did not pass.
class HkReplayFailure {
  const HkReplayFailure(this.path, this.line, this.channel, this.method, this.why);
  final String path;
  final int line;
  final String channel;
  final String method;
  final String why;

  @override
  String toString() => '$path:$line: $channel $method: $why';
}

/// The outcome of replaying transcripts.
class HkReplayResult {
  int passed = 0;
  int failed = 0;
  final List<HkReplayFailure> failures = [];

  /// `N passed, M failed`.
  String get summary => '$passed passed, $failed failed';
}

/// The codecs a Dart app decodes replies with (Flutter's: plain ints, a large int as a String);
/// extension values decode as [HkExt].
const HkMessageCodec _appCodec = HkMessageCodec(allowsExtensions: true);
const HkMethodCodec _appMethodCodec = HkMethodCodec(_appCodec);

/// Replays [transcript] through a fresh `hkbridge serve` ([executable], found by
/// [HkBridge.findExecutable] when null), started as its header says, all exchanges pipelined.
/// Each exchange passes when its request encodes to the recorded bytes (when both are given),
/// its reply bytes equal `replyHex` (when given), and its decoded reply equals `reply` by
/// [hkValuesEqual] (when given). Adds to [into] (a new result when null) and returns it.
Future<HkReplayResult> hkReplayTranscript(HkTranscript transcript,
    {String? executable,
    void Function(String line)? onStderr,
    HkReplayResult? into,
    List<String> extraServeArgs = const []}) async {
  final result = into ?? HkReplayResult();
  final bridge = await HkBridge.start(
      executable: executable,
      args: [...transcript.serveArgs, ...extraServeArgs],
      onStderr: onStderr);
  final replies = [
    for (final e in transcript.exchanges)
      bridge.send(e.channel, e.payload == null ? null : byteDataOf(e.payload!)),
  ];
  for (var i = 0; i < replies.length; i++) {
    final exchange = transcript.exchanges[i];
    String? why;
    try {
      final reply = await replies[i];
      why = hkReplayMismatch(exchange, reply == null ? null : bytesOf(reply));
    } on HkBridgeException catch (e) {
      why = 'no reply: ${e.message}';
    }
    if (why == null) {
      result.passed++;
    } else {
      result.failed++;
      result.failures.add(HkReplayFailure(
          transcript.path, exchange.line, exchange.channel, exchange.method, why));
    }
  }
  final code = await bridge.close();
  if (code != 0) {
    result.failed++;
    result.failures.add(HkReplayFailure(
        transcript.path, 0, '', '', 'hkbridge serve exited with code $code, not 0'));
  }
  return result;
}

/// Why [actual] (reply bytes; null = a null reply) does not pass for [exchange], or null when
/// it passes.
String? hkReplayMismatch(HkTranscriptExchange exchange, Uint8List? actual) {
  final request = exchange.request;
  final recorded = exchange.requestBytes;
  if (request != null && exchange.hasRequestBytes && !_sameBytes(request, recorded)) {
    return "this package's codec encodes the request as ${hexOf(request)}, but "
        "${exchange.isMethodCall ? 'callHex' : 'messageHex'} is "
        "${recorded == null ? 'null' : hexOf(recorded)}";
  }
  if (exchange.hasReplyBytes && !_sameBytes(actual, exchange.replyBytes)) {
    final expected = exchange.replyBytes;
    return 'reply bytes ${actual == null ? 'null' : hexOf(actual)} are not replyHex '
        '${expected == null ? 'null' : hexOf(expected)}'
        '${_firstDifference(expected, actual)}';
  }
  final reply = exchange.reply;
  if (reply == null) return null;
  return exchange.isMethodCall ? _envelopeMismatch(reply, actual) : _messageMismatch(reply, actual);
}

String? _envelopeMismatch(Map<String, Object?> reply, Uint8List? actual) {
  if (actual == null) {
    return reply.containsKey('notImplemented') ? null : 'a null reply, expected ${_json(reply)}';
  }
  final HkEnvelope envelope;
  try {
    envelope = _appMethodCodec.decodeEnvelope(actual);
  } on HkCodecException catch (e) {
    return reply.containsKey('undecodable') ? null : 'the reply does not decode: ${e.description}';
  }
  if (envelope is HkSuccessEnvelope) {
    if (!reply.containsKey('ok')) return 'a success reply ${_show(envelope.value)}, expected ${_json(reply)}';
    final expected = _appView(typedJsonValue(reply['ok'], r'$.reply.ok'));
    return hkValuesEqual(envelope.value, expected)
        ? null
        : 'the reply value ${_show(envelope.value)} is not ${_show(expected)}';
  }
  final error = envelope as HkErrorEnvelope;
  final expected = reply['error'];
  if (expected is! Map) return 'an error reply ${error.code}, expected ${_json(reply)}';
  if (expected['code'] != error.code) return 'error code ${error.code}, expected ${expected['code']}';
  if (expected['message'] != error.message) {
    return 'error message "${error.message}", expected "${expected['message']}"';
  }
  final details = _appView(typedJsonValue(expected['details'], r'$.reply.error.details'));
  if (!hkValuesEqual(error.details, details)) {
    return 'error details ${_show(error.details)}, expected ${_show(details)}';
  }
  if (expected.containsKey('stacktrace') && expected['stacktrace'] != error.stacktrace) {
    return 'stacktrace ${error.stacktrace}, expected ${expected['stacktrace']}';
  }
  return null;
}

String? _messageMismatch(Map<String, Object?> reply, Uint8List? actual) {
  Object? value;
  if (actual != null) {
    try {
      value = _appCodec.decode(actual);
    } on HkCodecException catch (e) {
      return reply.containsKey('undecodable') ? null : 'the reply does not decode: ${e.description}';
    }
  }
  if (!reply.containsKey('message')) return 'a message reply, expected ${_json(reply)}';
  final expected = _appView(typedJsonValue(reply['message'], r'$.reply.message'));
  return hkValuesEqual(value, expected) ? null : 'the reply ${_show(value)} is not ${_show(expected)}';
}

/// A value as a Dart app decodes it: an [HkInt64] is an int, an [HkLargeInt] its text.
Object? _appView(Object? value) {
  if (value is HkInt64) return value.value;
  if (value is HkLargeInt) return value.hex;
  if (value is HkExt) return HkExt(value.tag, _appView(value.value));
  if (value is List && value is! TypedData) return [for (final e in value) _appView(e)];
  if (value is Map) {
    return <Object?, Object?>{for (final e in value.entries) _appView(e.key): _appView(e.value)};
  }
  return value;
}

String _show(Object? value) {
  try {
    return encodeTypedJson(value);
  } on ArgumentError {
    return '$value';
  }
}

String _json(Object? value) => jsonEncode(value);

bool _sameBytes(Uint8List? a, Uint8List? b) {
  if (a == null || b == null) return a == b;
  if (a.length != b.length) return false;
  for (var i = 0; i < a.length; i++) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

String _firstDifference(Uint8List? a, Uint8List? b) {
  if (a == null || b == null) return '';
  var i = 0;
  while (i < a.length && i < b.length && a[i] == b[i]) {
    i++;
  }
  return ' (first difference at byte $i)';
}
