// Replaying a transcript through `hkbridge serve` from Dart: every call encoded by this package's
// codec from its typed JSON, every reply decoded by it and compared the way a Dart test sees it
// (hkValuesEqual) and byte for byte against `replyHex`.

import 'dart:convert';
import 'dart:typed_data';

import 'client.dart';
import 'codec.dart';
import 'dart_equality.dart';
import 'invoke.dart';
import 'matchers.dart';
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
  HkTranscriptExchange._(
      this.line,
      this.channel,
      this.isMethodCall,
      this.method,
      this.request,
      this.hasRequestBytes,
      this.requestBytes,
      this.reply,
      this.hasReplyBytes,
      this.replyBytes,
      this.requestValue,
      this.matchers,
      this.at);

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

  /// The call's arguments or the message, as typed JSON reads them (null when none).
  final Object? requestValue;

  /// The line's own `match` (null when none); the header's come first (HkTranscript.matchersFor).
  final HkValueMatchers? matchers;

  /// `at`: the client's clock, in ms since 1970, when the call was sent; null when absent.
  final int? at;

  /// The event lines after this exchange: the events its call caused, in order
  /// (../../protocol/events.md#transcripts).
  final List<HkTranscriptEvent> events = [];

  /// What is sent: the recorded bytes when present (verbatim, as `hkbridge replay` does), else
  /// [request].
  Uint8List? get payload => hasRequestBytes ? requestBytes : request;

  /// What is sent once recorded values are bound ([bindings]): a request whose arguments (or
  /// message) hold a bound value anywhere is re-encoded from the substituted value; any other is
  /// [payload].
  Uint8List? payloadWith(HkBindings bindings) {
    if (bindings.isEmpty || request == null) return payload;
    final substituted = bindings.substitute(requestValue);
    if (identical(substituted, requestValue)) return payload;
    return isMethodCall
        ? _requestMethodCodec.encodeMethodCallBytes(method, substituted)
        : _requestCodec.encode(substituted);
  }
}

/// One event line of a transcript: an event the host sent after the exchange before it.
class HkTranscriptEvent {
  HkTranscriptEvent(this.line, this.channel, this.event, this.hasEventBytes, this.eventBytes,
      [this.matchers]);

  /// The 1-based line number.
  final int line;
  final String channel;

  /// `{"ok": v}`, `{"error": {...}}` or `{"end": true}`, as parsed JSON.
  final Map<String, Object?> event;

  /// Whether `eventHex` is present; [eventBytes] is then its bytes (null: the end of a stream).
  final bool hasEventBytes;
  final Uint8List? eventBytes;

  /// The line's own `match` (paths from `event`); null when none.
  final HkValueMatchers? matchers;

  /// Why the host's message [actual] (null: a null message, the end of a stream) on
  /// [actualChannel] is not this event, or null when it is: by bytes when `eventHex` is
  /// present, else by value as a reply is compared.
  String? mismatch(String actualChannel, Uint8List? actual) {
    if (actualChannel != channel) {
      return 'an event on $actualChannel, expected one on $channel';
    }
    final match = matchers;
    if (match != null && !match.isEmpty) return _eventValueMismatch(event, actual, match);
    if (hasEventBytes) {
      if (_sameBytes(actual, eventBytes)) return null;
      return 'event bytes ${actual == null ? 'null' : hexOf(actual)} are not eventHex '
          '${eventBytes == null ? 'null' : hexOf(eventBytes!)}';
    }
    if (event.containsKey('end')) {
      return actual == null ? null : 'an event, expected the end of the stream';
    }
    if (actual == null) return 'the end of the stream, expected ${jsonEncode(event)}';
    return _envelopeMismatch(event, actual);
  }
}

const HkMessageCodec _requestCodec = HkMessageCodec(allowsExtensions: true);
const HkMethodCodec _requestMethodCodec = HkMethodCodec(_requestCodec);

/// A transcript file, read for replay.
class HkTranscript {
  HkTranscript._(this.path, this.header, this.headerMatchers, this.exchanges,
      {this.tornLastLine});

  final String path;

  /// A last line with no newline that is not JSON (an append cut short), ignored; else null.
  final String? tornLastLine;

  /// The `{"hkbridge": {...}}` first line, when there is one.
  final HkTranscriptHeader? header;

  /// The header's `match`, for every exchange (none when absent).
  final HkValueMatchers headerMatchers;
  final List<HkTranscriptExchange> exchanges;

  /// The matchers of [exchange]: the header's, then the line's own (which win where both fit).
  HkValueMatchers matchersFor(HkTranscriptExchange exchange) =>
      headerMatchers.merged(exchange.matchers);

  /// Whether replay must send one exchange at a time: some exchange has `at`, or a `uuid`
  /// matcher on the reply binds values that later calls may send back.
  bool get isOrdered =>
      headerMatchers.binds ||
      exchanges.any((e) => e.at != null || (e.matchers?.binds ?? false));

  /// Whether [line] is one JSON object from its `{` to its matching `}` (white space around it
  /// allowed), its strings closed: written whole, whatever it says.
  static bool _isWholeObject(String line) {
    final text = line.trim();
    if (!text.startsWith('{')) return false;
    var depth = 0;
    var inString = false;
    for (var i = 0; i < text.length; i++) {
      final c = text[i];
      if (inString) {
        if (c == '\\') {
          i++;
        } else if (c == '"') {
          inString = false;
        }
      } else if (c == '"') {
        inString = true;
      } else if (c == '{' || c == '[') {
        depth++;
      } else if (c == '}' || c == ']') {
        depth--;
        if (depth == 0) return i == text.length - 1;
      }
    }
    return false;
  }

  /// Reads [text]; throws [HkTranscriptFormatException] naming the line of what is wrong.
  factory HkTranscript.parse(String path, String text) {
    HkTranscriptHeader? header;
    var headerMatchers = HkValueMatchers.none;
    final exchanges = <HkTranscriptExchange>[];
    final lines = const LineSplitter().convert(text);
    String? torn;
    var seenContent = false;
    HkTranscriptExchange? lastTimed;
    final everyPath = <List<Object>>[];
    var headerLine = 0;
    for (var i = 0; i < lines.length; i++) {
      final number = i + 1;
      final source = lines[i];
      if (source.trim().isEmpty) continue;
      Never bad(String why) => throw HkTranscriptFormatException(path, number, why);
      final Object? json;
      try {
        json = jsonDecode(source);
      } on FormatException catch (e) {
        // Whole lines only: a final line cut short (no newline) is left out, as hkbridge does;
        // one whole object that does not read was written whole, and is refused.
        if (i == lines.length - 1 && !text.endsWith('\n') && !_isWholeObject(source)) {
          torn = source;
          continue;
        }
        bad('not JSON: ${e.message}');
      }
      if (json is! Map<String, Object?>) bad('a line is a JSON object');
      // A match path must match something recorded (protocol/matchers.md).
      if (!json.containsKey('hkbridge') && json.containsKey('channel')) {
        final paths = hkRecordedPaths(json.containsKey('event')
            ? {'event': json['event']}
            : {'call': json['call'], 'message': json['message'], 'reply': json['reply']});
        everyPath.addAll(paths);
        final match = json['match'];
        if (match != null && (json['reply'] != null || json.containsKey('event'))) {
          final unmatched = hkUnmatchedPath(_matchers(match, bad), paths);
          if (unmatched != null) bad(unmatched);
        }
      }
      if (json.containsKey('hkbridge')) {
        if (seenContent) bad('the {"hkbridge": ...} header must be the first line');
        header = _header(json['hkbridge'], bad);
        headerLine = number;
        final match = (json['hkbridge'] as Map)['match'];
        if (match != null) headerMatchers = _matchers(match, bad);
      } else if (json.containsKey('event')) {
        if (exchanges.isEmpty) bad('an event line follows the exchange whose call caused it');
        exchanges.last.events.add(_event(number, json, bad));
      } else if (json.containsKey('channel')) {
        try {
          final exchange = _exchange(number, json, bad);
          final at = exchange.at;
          final before = lastTimed;
          if (at != null && before != null && at < before.at!) {
            bad('"at" $at is earlier than line ${before.line}\'s ${before.at}: the times of a '
                'transcript never go back');
          }
          if (at != null) lastTimed = exchange;
          exchanges.add(exchange);
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
    final unmatched = hkUnmatchedPath(headerMatchers, everyPath,
        what: 'any line of the file', onlyNear: true);
    if (unmatched != null) throw HkTranscriptFormatException(path, headerLine, unmatched);
    if (header == null && exchanges.isEmpty) {
      throw HkTranscriptFormatException(path, 0, 'empty transcript (no exchange and no header)');
    }
    return HkTranscript._(path, header, headerMatchers, exchanges, tornLastLine: torn);
  }

  /// The latest `at`: 9999-12-31T23:59:59.999Z.
  static const int maxAt = 253402300799999;

  /// The header's `bundleId` (a non-empty identifier without white space) or `appName` (a
  /// non-empty name).
  static String? _identity(String? value, String key, Never Function(String) bad) {
    if (value == null) return null;
    if (key == 'bundleId' && (value.isEmpty || RegExp(r'\s').hasMatch(value))) {
      bad('"hkbridge"."bundleId" must be a non-empty identifier without spaces, like '
          '"com.example.app"');
    }
    if (key == 'appName' && value.isEmpty) bad('"hkbridge"."appName" must be a non-empty name');
    return value;
  }

  static HkValueMatchers _matchers(Object? match, Never Function(String) bad) {
    try {
      return HkValueMatchers.parse(match);
    } on HkMatcherException catch (e) {
      bad(e.message);
    }
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
    final custom = body['customChannels'];
    if (custom != null &&
        (custom is! List || custom.isEmpty || !custom.every((c) => c is String))) {
      bad('"hkbridge.customChannels" is a non-empty list of strings');
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
      customChannels: custom == null ? null : List<String>.from(custom as List),
      device: text('device'),
      osVersion: text('osVersion'),
      bundleId: _identity(text('bundleId'), 'bundleId', bad),
      appName: _identity(text('appName'), 'appName', bad),
    );
  }

  static HkTranscriptEvent _event(
      int number, Map<String, Object?> json, Never Function(String) bad) {
    final channel = json['channel'];
    if (channel is! String) bad('an event line names its "channel" (a string)');
    final event = json['event'];
    if (event is! Map<String, Object?> ||
        event.length != 1 ||
        !(event.containsKey('ok') || event.containsKey('error') || event['end'] == true)) {
      bad('an "event" is {"ok": v}, {"error": {...}} or {"end": true}');
    }
    final hasBytes = json.containsKey('eventHex');
    final match = json['match'];
    return HkTranscriptEvent(number, channel, event, hasBytes,
        hasBytes ? _bytes(json['eventHex'], 'eventHex', bad) : null,
        match == null ? null : _matchers(match, bad));
  }

  static HkTranscriptExchange _exchange(
      int number, Map<String, Object?> json, Never Function(String) bad) {
    final channel = json['channel'];
    if (channel is! String) bad('"channel" is a string');
    final isMethodCall = json.containsKey('call');
    if (!isMethodCall && !json.containsKey('message')) bad('an exchange has "call" or "message"');
    Uint8List? request;
    Object? requestValue;
    var method = isMethodCall ? '(malformed call)' : '(message)';
    if (isMethodCall) {
      final call = json['call'];
      if (call != null) {
        if (call is! Map || call['method'] is! String) bad('"call" is {"method": s, "args": v}');
        method = call['method'] as String;
        requestValue = typedJsonValue(call['args'], r'$.call.args');
        request = _requestMethodCodec.encodeMethodCallBytes(method, requestValue);
      }
    } else if (json['message'] != null) {
      requestValue = typedJsonValue(json['message'], r'$.message');
      request = _requestCodec.encode(requestValue);
    }
    final at = json['at'];
    if (json.containsKey('at') && (at is! int || at < 0 || at > maxAt)) {
      bad('"at" must be the client\'s clock in milliseconds since 1970, an integer from 0 to '
          '$maxAt, not ${jsonEncode(at)}');
    }
    final match = json['match'];
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
      requestValue,
      match == null ? null : _matchers(match, bad),
      at as int?,
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
      for (final c in h.customChannels ?? const <String>[]) ...['--custom-channel', c],
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
/// [HkBridge.findExecutable] when null), started as its header says (`--channel`, `--profile`,
/// `--device`, `--os`; its `bundleId` and `appName` through the control channel's `configure`).
/// Each exchange passes when its request encodes to the recorded bytes (when both are given)
/// and its reply passes [hkReplayMismatch] with the file's matchers. Exchanges are pipelined,
/// unless the file binds values (a `uuid` matcher on a reply) or has `at` times: then they go
/// one at a time, each call's arguments with bound values substituted, and before an exchange
/// with `at` the emulator's clock is moved to it. Adds to [into] (a new result when null) and
/// returns it. Throws [HkTranscriptFormatException] for an `at` earlier than the emulator's
/// clock.
Future<HkReplayResult> hkReplayTranscript(HkTranscript transcript,
    {String? executable,
    void Function(String line)? onStderr,
    HkReplayResult? into,
    List<String> extraServeArgs = const []}) async {
  final result = into ?? HkReplayResult();
  // Every host message, stamped with the replies received before it: the events of the call
  // whose reply was the n-th are those stamped n (../../protocol/events.md).
  final hostMessages = <_HostMessage>[];
  late final HkBridge bridge;
  bridge = await HkBridge.start(
      executable: executable,
      args: [...transcript.serveArgs, ...extraServeArgs],
      onStderr: onStderr,
      onHostMessage: (channel, message) {
        hostMessages.add(_HostMessage(bridge.repliesReceived, channel,
            message == null ? null : Uint8List.fromList(bytesOf(message))));
        return null;
      });
  // The ordinal of each exchange's reply (messagesSent after its send).
  final ordinals = <HkTranscriptExchange, int>{};
  void judge(HkTranscriptExchange exchange, String? why) {
    if (why == null) {
      result.passed++;
    } else {
      result.failed++;
      result.failures.add(HkReplayFailure(
          transcript.path, exchange.line, exchange.channel, exchange.method, why));
    }
  }

  try {
    final header = transcript.header;
    if (header != null && (header.bundleId != null || header.appName != null)) {
      await bridge.control.configure(bundleId: header.bundleId, appName: header.appName);
    }
    if (transcript.isOrdered) {
      final bindings = HkBindings();
      for (final exchange in transcript.exchanges) {
        final at = exchange.at;
        if (at != null) await _moveClock(bridge, transcript, exchange, at);
        final payload = exchange.payloadWith(bindings);
        bindings.line = exchange.line;
        String? why;
        try {
          final sent = bridge.send(exchange.channel, payload == null ? null : byteDataOf(payload));
          ordinals[exchange] = bridge.messagesSent;
          final reply = await sent;
          why = hkReplayMismatch(exchange, reply == null ? null : bytesOf(reply),
              matchers: transcript.matchersFor(exchange), bindings: bindings);
        } on HkBridgeException catch (e) {
          why = 'no reply: ${e.message}';
        }
        judge(exchange, why);
      }
    } else {
      final replies = <Future<ByteData?>>[];
      for (final e in transcript.exchanges) {
        replies.add(bridge.send(e.channel, e.payload == null ? null : byteDataOf(e.payload!)));
        ordinals[e] = bridge.messagesSent;
      }
      for (var i = 0; i < replies.length; i++) {
        final exchange = transcript.exchanges[i];
        String? why;
        try {
          final reply = await replies[i];
          why = hkReplayMismatch(exchange, reply == null ? null : bytesOf(reply),
              matchers: transcript.matchersFor(exchange));
        } on HkBridgeException catch (e) {
          why = 'no reply: ${e.message}';
        }
        judge(exchange, why);
      }
    }
  } catch (_) {
    bridge.kill();
    await bridge.exitCode;
    rethrow;
  }
  final code = await bridge.close();
  for (final exchange in transcript.exchanges) {
    final sent = [
      for (final m in hostMessages)
        if (m.stamp == ordinals[exchange]) m
    ];
    for (var i = 0; i < exchange.events.length; i++) {
      final expected = exchange.events[i];
      final why = i < sent.length
          ? expected.mismatch(sent[i].channel, sent[i].payload)
          : 'no event was sent (a missing event)';
      if (why == null) {
        result.passed++;
      } else {
        result.failed++;
        result.failures
            .add(HkReplayFailure(transcript.path, expected.line, expected.channel, '(event)', why));
      }
    }
    for (final extra in sent.skip(exchange.events.length)) {
      result.failed++;
      result.failures.add(HkReplayFailure(transcript.path, exchange.line, extra.channel, '(event)',
          'an extra event ${extra.payload == null ? '(the end of the stream)' : hexOf(extra.payload!)}: the call at this line sent it and no event line follows for it'));
    }
  }
  if (code != 0) {
    result.failed++;
    result.failures.add(HkReplayFailure(
        transcript.path, 0, '', '', 'hkbridge serve exited with code $code, not 0'));
  }
  return result;
}

/// Moves the emulator's clock to [at] (ms since 1970) before [exchange]; an [at] earlier than
/// the clock is a transcript error naming the line.
Future<void> _moveClock(
    HkBridge bridge, HkTranscript transcript, HkTranscriptExchange exchange, int at) async {
  final now = (await bridge.control.advanceClock(Duration.zero)).millisecondsSinceEpoch;
  if (at < now) {
    String iso(int ms) => DateTime.fromMillisecondsSinceEpoch(ms, isUtc: true).toIso8601String();
    throw HkTranscriptFormatException(
        transcript.path,
        exchange.line,
        '"at" $at (${iso(at)}) is earlier than the emulator\'s clock $now (${iso(now)}): the '
        'clock only moves forward (the emulator starts at 1704067200000, 2024-01-01; a recording '
        'made before then starts with a control line configure {"now": T})');
  }
  if (at > now) await bridge.control.advanceClock(Duration(milliseconds: at - now));
}

/// Why [actual] (reply bytes; null = a null reply) does not pass for [exchange], or null when
/// it passes.
///
/// A line with [matchers], or whose reply holds a value bound in [bindings], is compared by
/// value as `hkbridge replay` compares it (`value` mode: numbers by value, maps in any order,
/// an error by code, message and details, never its stacktrace), honouring the matchers and
/// binding recorded uuids; any other line also by bytes against `replyHex` when it has one.
String? hkReplayMismatch(HkTranscriptExchange exchange, Uint8List? actual,
    {HkValueMatchers matchers = HkValueMatchers.none, HkBindings? bindings}) {
  final request = exchange.request;
  final recorded = exchange.requestBytes;
  if (request != null && exchange.hasRequestBytes && !_sameBytes(request, recorded)) {
    return "this package's codec encodes the request as ${hexOf(request)}, but "
        "${exchange.isMethodCall ? 'callHex' : 'messageHex'} is "
        "${recorded == null ? 'null' : hexOf(recorded)}";
  }
  final reply = exchange.reply;
  final byValue = !matchers.isEmpty ||
      (bindings != null && reply != null && !identical(bindings.substitute(reply), reply));
  if (byValue) {
    return reply == null ? null : _valueMismatch(exchange, reply, actual, matchers, bindings);
  }
  if (exchange.hasReplyBytes && !_sameBytes(actual, exchange.replyBytes)) {
    final expected = exchange.replyBytes;
    return 'reply bytes ${actual == null ? 'null' : hexOf(actual)} are not replyHex '
        '${expected == null ? 'null' : hexOf(expected)}'
        '${_firstDifference(expected, actual)}';
  }
  if (reply == null) return null;
  return exchange.isMethodCall ? _envelopeMismatch(reply, actual) : _messageMismatch(reply, actual);
}

String? _envelopeMismatch(Map<String, Object?> reply, Uint8List? actual) {
  if (actual == null) {
    return reply.containsKey('notImplemented') ? null : 'a null reply, expected ${_json(reply)}';
  }
  final HkEnvelope envelope;
  try {
    envelope = _appMethodCodec.decodeEnvelopeBytes(actual);
  } on HkCodecException catch (e) {
    return reply.containsKey('undecodable') ? null : 'the reply does not decode: ${e.description}';
  }
  if (envelope is HkSuccessEnvelope) {
    if (!reply.containsKey('ok')) return 'a success reply ${_show(envelope.value)}, expected ${_json(reply)}';
    final expected = appView(typedJsonValue(reply['ok'], r'$.reply.ok'));
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
  final details = appView(typedJsonValue(expected['details'], r'$.reply.error.details'));
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
  final expected = appView(typedJsonValue(reply['message'], r'$.reply.message'));
  return hkValuesEqual(value, expected) ? null : 'the reply ${_show(value)} is not ${_show(expected)}';
}

/// How many differing values a failure lists (the rest are counted).
const int _differenceLimit = 10;

/// Decodes everything a comparison by value needs: int64 widths, large ints, extension tags.
const HkMessageCodec _exactCodec = HkMessageCodec(allowsExtensions: true, preserveWidths: true);
const HkMethodCodec _exactMethodCodec = HkMethodCodec(_exactCodec);

/// The comparison by value with matchers and bindings: the recorded reply and the actual one,
/// both in their transcript form (`{"ok": v}`, `{"error": {"code", "message", "details"}}`,
/// `{"notImplemented": true}`, `{"message": v}`), walked under the root `reply`.
String? _valueMismatch(HkTranscriptExchange exchange, Map<String, Object?> reply,
    Uint8List? actual, HkValueMatchers matchers, HkBindings? bindings) {
  final nullReply = reply.containsKey('notImplemented') ||
      (!exchange.isMethodCall && reply.containsKey('message') && reply['message'] == null);
  if (actual == null && nullReply) return null;
  Map<String, Object?> actualForm;
  if (actual == null) {
    actualForm = exchange.isMethodCall ? {'notImplemented': true} : {'message': null};
  } else {
    try {
      if (exchange.isMethodCall) {
        actualForm = _envelopeForm(actual);
      } else {
        actualForm = {'message': _exactCodec.decode(actual)};
      }
    } on HkCodecException catch (e) {
      return reply.containsKey('undecodable') ? null : 'the reply does not decode: ${e.description}';
    }
  }
  final expectedForm = _expectedForm(reply, 'reply', const {'ok', 'message'});
  final differences = hkValueDifferences(expectedForm, actualForm,
      matchers: matchers, bindings: bindings);
  if (differences.isEmpty) return null;
  final shown = differences.take(_differenceLimit).join('; ');
  final more = differences.length - _differenceLimit;
  return more > 0 ? '$shown; and $more more' : shown;
}

/// An event compared by value with [matchers] (paths from `event`): the expected typed JSON
/// against the decoded envelope (null: the end of the stream).
String? _eventValueMismatch(
    Map<String, Object?> event, Uint8List? actual, HkValueMatchers matchers) {
  Map<String, Object?> actualForm;
  if (actual == null) {
    actualForm = {'end': true};
  } else {
    try {
      actualForm = _envelopeForm(actual);
    } on HkCodecException catch (e) {
      return 'the event does not decode: ${e.description}';
    }
  }
  final expectedForm = _expectedForm(event, 'event', const {'ok'});
  final differences =
      hkValueDifferences(expectedForm, actualForm, root: 'event', matchers: matchers);
  if (differences.isEmpty) return null;
  return differences.take(_differenceLimit).join('; ');
}

/// A reply or event envelope as the form a transcript writes it: `{"ok": v}` or
/// `{"error": {code, message, details}}`. Throws [HkCodecException] for bytes that are not one.
Map<String, Object?> _envelopeForm(Uint8List bytes) {
  final envelope = _exactMethodCodec.decodeEnvelopeBytes(bytes);
  return envelope is HkErrorEnvelope
      ? {
          'error': <String, Object?>{
            'code': envelope.code,
            'message': envelope.message,
            'details': envelope.details,
          }
        }
      : {'ok': (envelope as HkSuccessEnvelope).value};
}

/// A transcript's `reply` or `event` object (under [root]) with its typed JSON read: the keys in
/// [valueKeys] and an error's `details` hold channel values; other keys are kept as written.
Map<String, Object?> _expectedForm(
    Map<String, Object?> recorded, String root, Set<String> valueKeys) {
  final form = <String, Object?>{};
  recorded.forEach((key, value) {
    if (key == 'error' && value is Map) {
      form[key] = <String, Object?>{
        'code': value['code'],
        'message': value['message'],
        'details': typedJsonValue(value['details'], '\$.$root.error.details'),
      };
    } else if (valueKeys.contains(key)) {
      form[key] = typedJsonValue(value, '\$.$root.$key');
    } else {
      form[key] = value;
    }
  });
  return form;
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

class _HostMessage {
  _HostMessage(this.stamp, this.channel, this.payload);
  final int stamp;
  final String channel;
  final Uint8List? payload;
}
