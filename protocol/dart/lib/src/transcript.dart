// Transcript lines (protocol/transcripts.md) from the exact bytes of an exchange.

import 'dart:typed_data';

import 'codec.dart';
import 'typed_json.dart';

/// Decodes everything a recording must keep: int64 widths, large ints, extension tags.
const HkMessageCodec _recordingCodec =
    HkMessageCodec(allowsExtensions: true, preserveWidths: true);
const HkMethodCodec _recordingMethodCodec = HkMethodCodec(_recordingCodec);

/// One transcript line for a method call ([isMethodCall]) or a plain message on [channel].
///
/// Keys in this order: `channel`, `call`|`message`, `reply`, `callHex`|`messageHex`, `replyHex`.
/// A null request or reply has no hex key (there are no bytes); a null reply is
/// `{"notImplemented": true}` for a call and `{"message": null}` for a message. Bytes that do
/// not decode give a `note` line instead, naming the channel and the reason.
String transcriptLine(String channel, Uint8List? request, Uint8List? reply,
    {required bool isMethodCall}) {
  final channelJson = encodeTypedJson(channel);
  try {
    final String requestJson;
    final String replyJson;
    if (isMethodCall) {
      if (request == null) {
        return _note('a null message on method channel $channel is not a method call');
      }
      final call = _recordingMethodCodec.decodeMethodCall(request);
      requestJson = '"call": {"method": ${encodeTypedJson(call.method)}, '
          '"args": ${encodeTypedJson(call.arguments)}}';
      replyJson = reply == null ? '{"notImplemented": true}' : _envelopeJson(reply);
    } else {
      final message = request == null ? null : _recordingCodec.decode(request);
      requestJson = '"message": ${encodeTypedJson(message)}';
      final answer = reply == null ? null : _recordingCodec.decode(reply);
      replyJson = '{"message": ${encodeTypedJson(answer)}}';
    }
    final out = StringBuffer('{"channel": $channelJson, $requestJson, "reply": $replyJson');
    if (request != null) {
      out.write(', "${isMethodCall ? 'callHex' : 'messageHex'}": "${hexOf(request)}"');
    }
    if (reply != null) out.write(', "replyHex": "${hexOf(reply)}"');
    out.write('}');
    return out.toString();
  } on HkCodecException catch (e) {
    return _note('unrecordable exchange on $channel: $e');
  }
}

String _envelopeJson(Uint8List reply) => switch (_recordingMethodCodec.decodeEnvelope(reply)) {
      HkSuccessEnvelope(:final value) => '{"ok": ${encodeTypedJson(value)}}',
      HkErrorEnvelope(:final code, :final message, :final details, :final stacktrace) =>
        '{"error": {"code": ${encodeTypedJson(code)}, '
            '"message": ${encodeTypedJson(message)}, '
            '"details": ${encodeTypedJson(details)}'
            '${stacktrace == null ? '' : ', "stacktrace": ${encodeTypedJson(stacktrace)}'}}}',
    };

String _note(String text) => '{"note": ${encodeTypedJson(text)}}';

/// Turns exchanges into transcript lines, in the order the requests were made, whatever the
/// order their replies arrive in.
final class TranscriptRecorder {
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
    slot.line = _note('no reply on ${slot.channel}: $error');
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

final class _Slot {
  _Slot(this.channel, this.request, this.isMethodCall);
  final String channel;
  final Uint8List? request;
  final bool isMethodCall;
  String? line;
}
