import CJansson
import FlutterCodec

/// Where a list's elements are read from: a jansson array, or the text of an array in a long
/// text read in pieces.
enum JSONElements {
  case array(UnsafeMutablePointer<json_t>)
  case text(Range<Int>)
}

/// Long texts read in pieces: jansson's tree of a whole line takes 30 to 50 bytes an array
/// element, several times the text. A text of at least ``longText`` bytes is walked here instead:
/// its arrays and objects are followed by ``JSONTextScanner``, and jansson reads the rest in
/// pieces (an array's elements some kilobytes at a time, an object's keys and values one by one),
/// each piece's tree freed once its values are read. Everything is still read by jansson, so the
/// values are the same as from the whole text; a text this walk does not follow, and every
/// error, is read whole again, so that messages are jansson's and the reader's own, as before.
extension JSONReader {
  /// Texts at least this long are read in pieces.
  static let longText = 256 << 10
  /// An array's elements are handed to jansson together up to about this many bytes.
  static let pieceBytes = 16 << 10
  /// Texts nested deeper than this are read whole: each long level is scanned again (its
  /// elements counted, then stepped over), so the walk costs the text's length times the long
  /// levels it follows, and a line of a million brackets took seconds before jansson refused
  /// its depth. Long lines of records nest a few levels (a list of maps of maps and `$` tags).
  static let piecewiseDepth = 16

  /// Why a piece was not read; never shown (the whole text is read again).
  private static var unfollowed: ChannelJSONError {
    ChannelJSONError(.syntax, path: "$", message: "read whole")
  }

  /// The value of the whole of ``text``, or `nil` when it must be read whole (it nests deeper
  /// than ``piecewiseDepth``, or the walk does not follow it).
  mutating func readInPieces() -> ChannelValue? {
    var range = 0..<text.count
    while let first = range.first, Self.isSpace(text[first]) { range = range.dropFirst() }
    while let last = range.last, Self.isSpace(text[last]) { range = range.dropLast() }
    guard !range.isEmpty else { return nil }
    var depthScan = JSONTextScanner(bytes: text, index: range.lowerBound)
    guard !depthScan.nestsDeeper(than: Self.piecewiseDepth) else { return nil }
    return try? value(range, depth: 0)
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// The value whose text is `text[range]` (no white space around it).
  mutating func value(_ range: Range<Int>, depth: Int) throws(ChannelJSONError) -> ChannelValue {
    if range.count >= Self.longText {
      switch text[range.lowerBound] {
      case UInt8(ascii: "["):
        try checkDepth(depth)
        return .list(
          try elements(
            of: .text(range),
            long: { (reader: inout JSONReader, item) throws(ChannelJSONError) in
              try reader.value(item, depth: depth + 1)
            },
            { (reader: inout JSONReader, item) throws(ChannelJSONError) in
              try reader.value(item, depth: depth + 1)
            }))
      case UInt8(ascii: "{"):
        return try object(range, depth: depth)
      default:
        break
      }
    }
    return try loaded(range) { (reader: inout JSONReader, item) throws(ChannelJSONError) in
      try reader.value(item, depth: depth)
    }
  }

  /// `text[range]` read by jansson, handed to `read`, then freed.
  private mutating func loaded<T>(
    _ range: Range<Int>,
    _ read: (inout JSONReader, UnsafeMutablePointer<json_t>) throws(ChannelJSONError) -> T
  ) throws(ChannelJSONError) -> T {
    guard let base = text.baseAddress else { throw Self.unfollowed }
    var error = json_error_t()
    let json = UnsafeRawPointer(base + range.lowerBound).withMemoryRebound(
      to: CChar.self, capacity: range.count
    ) { json_loadb($0, range.count, ChannelJSON.loadFlags, &error) }
    guard let json else { throw Self.unfollowed }
    defer { hk_json_decref(json) }
    return try read(&self, json)
  }

  /// An object: a `$`-tagged value or a map, its members' values read in pieces.
  private mutating func object(_ range: Range<Int>, depth: Int) throws(ChannelJSONError)
    -> ChannelValue
  {
    let members = try self.members(range)
    if members.count == 1, let tag = TypedTag(rawValue: members[0].key) {
      path.push(.key(tag.rawValue))
      defer { path.pop() }
      let inner = members[0].value
      switch tag {
      case .int32List, .int64List, .float32List,
        .float64List
      where text[inner.lowerBound] == UInt8(ascii: "["):
        return try typedList(tag, .text(inner))
      default:
        return try loaded(inner) { (reader: inout JSONReader, item) throws(ChannelJSONError) in
          try reader.tagged(tag, item, depth: depth)
        }
      }
    }
    try checkDepth(depth)
    var keys = Set<String>()
    var entries: [ChannelMapEntry] = []
    entries.reserveCapacity(members.count)
    for member in members {
      // jansson refuses a repeated key: the whole text's reading says so.
      guard keys.insert(member.key).inserted else { throw Self.unfollowed }
      path.push(.key(member.key))
      entries.append(
        ChannelMapEntry(.string(member.key), try value(member.value, depth: depth + 1)))
      path.pop()
    }
    return .map(entries)
  }

  /// An object's keys (read by jansson) and where their values' texts lie.
  private mutating func members(_ range: Range<Int>) throws(ChannelJSONError)
    -> [(key: String, value: Range<Int>)]
  {
    var scanner = JSONTextScanner(bytes: text, index: range.lowerBound + 1)
    var members: [(key: String, value: Range<Int>)] = []
    scanner.skipSpace()
    if !scanner.take(UInt8(ascii: "}")) {
      while true {
        let keyStart = scanner.index
        guard scanner.current == UInt8(ascii: "\""), scanner.skipString() else {
          throw Self.unfollowed
        }
        let key = try loaded(keyStart..<scanner.index) { (_, json) throws(ChannelJSONError) in
          guard hk_json_typeof(json) == JSON_STRING else { throw Self.unfollowed }
          return Self.string(json)
        }
        scanner.skipSpace()
        guard scanner.take(UInt8(ascii: ":")) else { throw Self.unfollowed }
        scanner.skipSpace()
        let valueStart = scanner.index
        guard scanner.skipValue() else { throw Self.unfollowed }
        members.append((key, valueStart..<scanner.index))
        scanner.skipSpace()
        if scanner.take(UInt8(ascii: ",")) {
          scanner.skipSpace()
          continue
        }
        guard scanner.take(UInt8(ascii: "}")) else { throw Self.unfollowed }
        break
      }
    }
    guard scanner.index == range.upperBound else { throw Self.unfollowed }
    return members
  }

  /// Appends the elements of the array whose text is `text[range]`: counted first (so that `out`
  /// is allocated once), then handed to jansson a piece at a time, each piece `[` + the elements'
  /// own text with their commas + `]`.
  mutating func appendPieces<T>(
    _ range: Range<Int>, to out: inout [T],
    long: ((inout JSONReader, Range<Int>) throws(ChannelJSONError) -> T)?,
    _ read: (inout JSONReader, UnsafeMutablePointer<json_t>) throws(ChannelJSONError) -> T
  ) throws(ChannelJSONError) {
    out.reserveCapacity(out.count + (try elementCount(range)))
    var scanner = JSONTextScanner(bytes: text, index: range.lowerBound + 1)
    scanner.skipSpace()
    if scanner.take(UInt8(ascii: "]")) { return }
    var piece: [UInt8] = []
    var pieceStart = scanner.index
    var pieceEnd = pieceStart
    var pieceCount = 0
    while true {
      let start = scanner.index
      guard scanner.skipValue() else { throw Self.unfollowed }
      let end = scanner.index
      if let long, end - start >= Self.longText {
        try appendPiece(pieceStart..<pieceEnd, count: pieceCount, &piece, to: &out, read)
        pieceCount = 0
        path.push(.index(out.count))
        out.append(try long(&self, start..<end))
        path.pop()
      } else {
        if pieceCount == 0 { pieceStart = start }
        pieceEnd = end
        pieceCount += 1
        if end - pieceStart >= Self.pieceBytes {
          try appendPiece(pieceStart..<end, count: pieceCount, &piece, to: &out, read)
          pieceCount = 0
        }
      }
      scanner.skipSpace()
      if scanner.take(UInt8(ascii: ",")) {
        scanner.skipSpace()
        continue
      }
      guard scanner.take(UInt8(ascii: "]")), scanner.index == range.upperBound else {
        throw Self.unfollowed
      }
      try appendPiece(pieceStart..<pieceEnd, count: pieceCount, &piece, to: &out, read)
      return
    }
  }

  /// Reads `count` elements whose text (separators between them included) is `text[range]`.
  private mutating func appendPiece<T>(
    _ range: Range<Int>, count: Int, _ piece: inout [UInt8], to out: inout [T],
    _ read: (inout JSONReader, UnsafeMutablePointer<json_t>) throws(ChannelJSONError) -> T
  ) throws(ChannelJSONError) {
    guard count > 0, let base = text.baseAddress else { return }
    piece.removeAll(keepingCapacity: true)
    piece.append(UInt8(ascii: "["))
    piece.append(
      contentsOf: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
    piece.append(UInt8(ascii: "]"))
    var error = json_error_t()
    let json = piece.withUnsafeBytes {
      json_loadb(
        $0.baseAddress?.assumingMemoryBound(to: CChar.self), $0.count, ChannelJSON.loadFlags,
        &error)
    }
    guard let json else { throw Self.unfollowed }
    defer { hk_json_decref(json) }
    guard hk_json_typeof(json) == JSON_ARRAY, json_array_size(json) == count else {
      throw Self.unfollowed
    }
    try append(json, to: &out, read)
  }

  /// The number of elements of the array whose text is `text[range]` (its shape checked).
  private func elementCount(_ range: Range<Int>) throws(ChannelJSONError) -> Int {
    var scanner = JSONTextScanner(bytes: text, index: range.lowerBound + 1)
    scanner.skipSpace()
    var count = 0
    if !scanner.take(UInt8(ascii: "]")) {
      while true {
        guard scanner.skipValue() else { throw Self.unfollowed }
        count += 1
        scanner.skipSpace()
        if scanner.take(UInt8(ascii: ",")) {
          scanner.skipSpace()
          continue
        }
        guard scanner.take(UInt8(ascii: "]")) else { throw Self.unfollowed }
        break
      }
    }
    guard scanner.index == range.upperBound else { throw Self.unfollowed }
    return count
  }
}
