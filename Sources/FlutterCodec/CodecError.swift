/// Why a byte sequence is not a valid message, call or envelope, and where.
public struct CodecError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The class of failure; stable names, used in `MALFORMED_MESSAGE` details.
  public enum Kind: String, Sendable, CaseIterable {
    /// The input ended before the value did (inside a tag, number, size, padding, or before a
    /// value that must follow).
    case truncated
    /// A type tag in 15…127, or an extension tag while extensions are off.
    case unknownTag
    /// A declared size cannot fit in the bytes that remain (checked before allocating; the
    /// offset is the size prefix's).
    case sizeOutOfBounds
    /// A string's bytes are not valid UTF-8 (the offset is the first ill-formed byte's).
    case invalidUTF8
    /// Bytes are left after the complete value(s).
    case trailingBytes
    /// A method call's name is not a string.
    case methodNameNotString
    /// An envelope's first byte is neither 0 (success) nor 1 (error).
    case invalidEnvelopeFlag
    /// An envelope with no bytes at all.
    case emptyEnvelope
    /// An error envelope whose code is not a string, message not a string or null, or stacktrace
    /// not a string or null.
    case invalidErrorEnvelope
    /// Containers nested deeper than ``StandardMessageCodec/maximumDepth``.
    case nestingTooDeep
  }

  public let kind: Kind
  /// Offset of the offending byte from the start of the whole buffer.
  public let offset: Int
  /// What the decoder expected to find there.
  public let expected: String

  public init(_ kind: Kind, at offset: Int, expected: String) {
    self.kind = kind
    self.offset = offset
    self.expected = expected
  }

  public var description: String {
    "\(kind.rawValue) at offset \(offset): expected \(expected)"
  }
}
