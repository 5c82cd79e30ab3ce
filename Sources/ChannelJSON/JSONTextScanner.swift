/// A cursor over JSON text that steps over values without reading them: it finds where a value,
/// a string or a member ends, so that a long text can be handed to jansson in pieces
/// (JSONPieces.swift) and a transcript line's hex strings can be read apart. It follows JSON's
/// shape only as far as it needs to: whatever it accepts is still read by jansson, which alone
/// decides what is valid.
public struct JSONTextScanner {
  public let bytes: UnsafeBufferPointer<UInt8>
  public var index: Int

  public init(bytes: UnsafeBufferPointer<UInt8>, index: Int = 0) {
    self.bytes = bytes
    self.index = index
  }

  public var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  public var atEndAfterSpace: Bool {
    mutating get {
      skipSpace()
      return index == bytes.count
    }
  }

  /// Steps over JSON's white space (space, tab, newline, carriage return).
  public mutating func skipSpace() {
    while let byte = current,
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    {
      index += 1
    }
  }

  public mutating func take(_ byte: UInt8) -> Bool {
    guard current == byte else { return false }
    index += 1
    return true
  }

  /// A string without escapes: the range of its text.
  public mutating func plainString() -> Range<Int>? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = index
    while let byte = current {
      if byte == UInt8(ascii: "\"") {
        index += 1
        return start..<(index - 1)
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
      index += 1
    }
    return nil
  }

  /// Whether the text from the cursor nests arrays and objects more than `limit` deep (strings
  /// stepped over): it stops at the first bracket past `limit`, so a deep text costs `limit`
  /// brackets, not its length. The cursor moves.
  public mutating func nestsDeeper(than limit: Int) -> Bool {
    walkBrackets(above: limit, closing: false) == .deeper
  }

  /// Steps over one value: a string (escapes followed), a container (its strings followed,
  /// brackets counted), or a bare word (number, true, false, null).
  public mutating func skipValue() -> Bool {
    guard let first = current else { return false }
    if first == UInt8(ascii: "\"") { return skipString() }
    if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
      return walkBrackets(above: .max, closing: true) == .closed
    }
    let start = index
    while let byte = current, !Self.isDelimiter(byte) { index += 1 }
    return index > start
  }

  /// Where ``walkBrackets(above:closing:)`` stopped.
  private enum BracketWalk {
    /// Right after the bracket that closed the first one (`closing`).
    case closed
    /// At the first bracket past the limit.
    case deeper
    /// At the end of the text.
    case ended
    /// In a string with no end.
    case badString
  }

  /// Steps over brackets and strings from the cursor, counting the depth: to the bracket that
  /// closes the first one (`closing`), to the first bracket past `limit`, or to the end.
  private mutating func walkBrackets(above limit: Int, closing: Bool) -> BracketWalk {
    var depth = 0
    while let byte = current {
      switch byte {
      case UInt8(ascii: "\""):
        guard skipString() else { return .badString }
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        if depth > limit { return .deeper }
        index += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        index += 1
        if closing && depth <= 0 { return .closed }
      default:
        index += 1
      }
    }
    return .ended
  }

  static func isDelimiter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ":"), 0x20, 0x09,
      0x0A, 0x0D:
      return true
    default: return false
    }
  }

  /// Steps over a string (the cursor on its opening quote), escapes followed.
  public mutating func skipString() -> Bool {
    index += 1
    while let byte = current {
      index += 1
      if byte == UInt8(ascii: "\\") {
        index += 1
      } else if byte == UInt8(ascii: "\"") {
        return true
      }
    }
    return false
  }
}
