import FlutterCodec

/// Typed JSON ("channel JSON", SPEC section 3): one JSON notation for channel values.
///
/// CONTRACT (stable API; the implementation is being written):
/// - `parse` reads one JSON text (jansson), `1` is int32, `1.0` float64, object key order kept,
///   `$`-tagged single-key objects become their tagged values.
/// - `print` writes the canonical single-line form with `", "` and `": "` separators.
public enum ChannelJSON {
  /// Parses typed JSON text into a channel value.
  public static func parse(_ text: String) throws(ChannelJSONError) -> ChannelValue {
    throw ChannelJSONError(path: "$", message: "typed JSON parsing is not built yet")
  }

  /// The canonical typed JSON text of `value` (one line).
  public static func print(_ value: ChannelValue) -> String {
    "null"
  }
}

/// Why a typed JSON text is not a channel value; `path` names the place (`$.args.identifiers[2]`).
public struct ChannelJSONError: Error, Hashable, Sendable, CustomStringConvertible {
  public var path: String
  public var message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { "\(path): \(message)" }
}
