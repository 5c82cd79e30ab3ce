import FlutterCodec

/// The lines of a recording that `serve --jsonl` reads without answering, so that a recording
/// (`--record`, or `serve --jsonl`'s own output) can be piped in as it is
/// (protocol/text-mode.md): the header `{"hkbridge": {…}}` (the command line sets the emulator
/// up), event lines `{"channel", "event", …}` (the emulator sends the events of the calls it
/// serves again) and the `{"hello": {…}}` line of a text-mode session.
enum JSONLRecordingLines {
  /// Whether a line with these keys is one of those lines.
  static func isSkipped(_ fields: [String: ChannelValue]) -> Bool {
    if fields.count == 1, fields["hkbridge"] != nil || fields["hello"] != nil { return true }
    return fields["event"] != nil && fields["call"] == nil && fields["message"] == nil
      && fields["callHex"] == nil && fields["messageHex"] == nil
  }
}
