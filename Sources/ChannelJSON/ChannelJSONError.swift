/// Why a typed JSON text is not a channel value; `path` names the place (`$.args.identifiers[2]`).
public struct ChannelJSONError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The class of failure; stable names, usable by tests and tools.
  public enum Kind: String, Sendable, CaseIterable {
    /// The text is not JSON (jansson's message, with line and column).
    case syntax
    /// The text is not valid UTF-8.
    case invalidUTF8
    /// An object names the same key twice.
    case duplicateKey
    /// Containers nested deeper than ``ChannelJSON/maximumDepth``.
    case nestingTooDeep
    /// A `$` tag's value has the wrong JSON type or shape (`{"$int64": 1.5}`, `{"$map": 3}`).
    case wrongType
    /// A number that the wire type cannot hold: an integer beyond int64, an `$int32List` element
    /// beyond int32, a float32 that overflows, an `$ext` tag outside 128–255.
    case outOfRange
    /// A `$uint8List` string that is not canonical padded base64.
    case invalidBase64
  }

  public var kind: Kind
  public var path: String
  public var message: String

  public init(_ kind: Kind = .wrongType, path: String, message: String) {
    self.kind = kind
    self.path = path
    self.message = message
  }

  public var description: String { "\(path): \(message)" }
}
