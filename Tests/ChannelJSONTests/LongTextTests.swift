import FlutterCodec
import Testing

@testable import ChannelJSON

/// A text of at least `JSONReader.longText` bytes is read in pieces (JSONPieces.swift): the same
/// values and the same errors as jansson's reading of the whole text.
@Suite("Typed JSON: long texts read in pieces")
struct LongTextTests {
  /// A text and both readings of it: in pieces (what `parse` does) and whole.
  struct Readings {
    var pieces: Result<ChannelValue, ChannelJSONError>
    var whole: Result<ChannelValue, ChannelJSONError>
    /// Whether the pieces reading got its value without falling back to the whole text.
    var readInPieces: Bool
  }

  static func read(_ text: String, depthLimit: Int = ChannelJSON.maximumDepth) -> Readings {
    let bytes = Array(text.utf8)
    func attempt(_ inPieces: Bool) -> Result<ChannelValue, ChannelJSONError> {
      do throws(ChannelJSONError) {
        return .success(
          try ChannelJSON.parse(utf8: bytes, depthLimit: depthLimit, inPieces: inPieces))
      } catch {
        return .failure(error)
      }
    }
    let direct = bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(depthLimit: depthLimit, text: buffer)
      return reader.readInPieces()
    }
    return Readings(pieces: attempt(true), whole: attempt(false), readInPieces: direct != nil)
  }

  /// `count` elements made by `element`, joined by `separator`.
  static func joined(_ count: Int, _ separator: String = ", ", _ element: (Int) -> String)
    -> String
  {
    (0..<count).map(element).joined(separator: separator)
  }

  static let count = 60_000

  /// Long values of every shape the pieces follow.
  static let longValues: [ChannelValue] = {
    let ints: [ChannelValue] = (0..<count).map { .int32(Int32($0) - 30_000) }
    let strings: [ChannelValue] = (0..<count).map { .string("s\($0)") }
    let floats: [ChannelValue] = (0..<count).map { .float64(Double($0) / 7) }
    let bools: [ChannelValue] = (0..<count).map { .bool($0 % 2 == 0) }
    let call: ChannelValue = .object([("method", .string("m")), ("args", .list(ints))])
    let pairs: [ChannelMapEntry] = (0..<count / 2).map {
      ChannelMapEntry(.int32(Int32($0)), .string("v"))
    }
    let members: [(String, ChannelValue)] = (0..<count / 4).map {
      ("key\($0)", ChannelValue.int64(Int64($0)))
    }
    let objects: [ChannelValue] = (0..<count / 4).map {
      .object([("a", .int32(Int32($0))), ("b", .list([.null]))])
    }
    var values: [ChannelValue] = [
      .list(ints), .list(strings), .list(floats),
      .object([("channel", .string("c")), ("call", call)]),
      // Long elements inside a long array are read in pieces themselves.
      .list([.list(ints), .null, .list(bools)]),
      .map(pairs), .object(members), .list(objects),
      .list([
        .uint8List(Array(repeating: 7, count: 300_000)),
        .string(String(repeating: "é", count: 200_000)),
      ]),
    ]
    values.append(.int32List((0..<count).map { Int32($0) }))
    values.append(.int64List((0..<count).map { Int64($0) << 33 }))
    values.append(.float32List((0..<count).map { Float($0) / 4 } + [.nan, .infinity]))
    values.append(.float64List((0..<count).map { Double($0) / 3 } + [-.infinity]))
    return values
  }()

  // (Arguments by index: the values themselves are too long to print.)
  @Test("a long text's value, read in pieces, is the value", arguments: longValues.indices)
  func sameValue(_ index: Int) throws {
    let value = Self.longValues[index]
    let text = ChannelJSON.print(value)
    #expect(text.utf8.count >= JSONReader.longText)
    let readings = Self.read(text)
    #expect(readings.readInPieces)
    #expect(try readings.pieces.get() == value)
  }

  @Test("white space anywhere between tokens, as jansson allows it")
  func whiteSpace() throws {
    let text =
      "\r\n\t {\t\"args\" :\n[ " + Self.joined(Self.count, " ,\n\t") { "\($0)" } + " \r\n] ,"
      + "\"more\"\t:\t{ \"$int32List\" : [" + Self.joined(Self.count, "\n,") { "\($0)" } + "] } }\n"
    let readings = Self.read(text)
    #expect(readings.readInPieces)
    let expected = ChannelValue.object([
      ("args", .list((0..<Self.count).map { .int32(Int32($0)) })),
      ("more", .int32List((0..<Self.count).map { Int32($0) })),
    ])
    #expect(try readings.pieces.get() == expected)
    #expect(try readings.whole.get() == expected)
  }

  /// Long texts with an error at their end, and the error's kind.
  static let longErrors: [(String, ChannelJSONError.Kind)] = {
    let numbers = "[" + joined(count) { "\($0)" }
    let strings = "[" + joined(count) { "\"\($0)\"" }
    let pairs = "{\"$map\": [" + joined(count) { "[\($0), 1]" }
    let levels = ChannelJSON.maximumDepth + 2
    let deep = String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
    return [
      // Syntax: a trailing comma, a missing comma, a bad token, text after the value, a torn end.
      (numbers + ",]", .syntax),
      (numbers + " 1]", .syntax),
      (numbers + ", nul]", .syntax),
      (numbers + "] 1", .syntax),
      (numbers, .syntax),
      ("{\"a\": " + numbers + "], \"b\" 1}", .syntax),
      ("{\"a\": " + numbers + "], 1: 2}", .syntax),
      (numbers + ", 99999999999999999999]", .outOfRange),
      (strings + ", \"\\ud800\"]", .syntax),
      ("{\"a\": " + numbers + "], \"a\": 1}", .duplicateKey),
      ("{\"$int32List\": " + numbers + ", 2147483648]}", .outOfRange),
      ("{\"$float64List\": " + numbers + ", \"nan\"]}", .wrongType),
      ("{\"$int64\": " + numbers + "]}", .wrongType),
      (pairs + ", [1]]}", .wrongType),
      (numbers + ", " + deep + "]", .nestingTooDeep),
    ]
  }()

  @Test("an error in a long text is the whole text's error", arguments: longErrors.indices)
  func sameError(_ index: Int) {
    let (text, kind) = Self.longErrors[index]
    #expect(text.utf8.count >= JSONReader.longText)
    let readings = Self.read(text)
    guard case .failure(let whole) = readings.whole else {
      Issue.record("the whole text reads: it was meant to be an error")
      return
    }
    #expect(whole.kind == kind)
    guard case .failure(let pieces) = readings.pieces else {
      Issue.record("read in pieces, the text gives a value, not \(whole)")
      return
    }
    #expect(pieces == whole)
    #expect(!readings.readInPieces)
  }

  @Test(
    "wrapper objects around a long text's values do not count against the depth",
    arguments: [ChannelJSON.maximumDepth, 10])
  func wrapperDepth(_ limit: Int) throws {
    // The array's elements are at depth 2 inside the line, `call` and `args`: 3 with the wrappers.
    let levels = limit - 2
    let deep = String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
    let text = "{\"call\": {\"args\": [" + Self.joined(Self.count) { "\($0)" } + ", " + deep + "]}}"
    #expect(throws: ChannelJSONError.self) {
      try ChannelJSON.parse(utf8: Array(text.utf8), depthLimit: limit)
    }
    let readings = Self.read(text, depthLimit: limit + 3)
    // Nested deeper than the pieces follow, the text is read whole; the value is the same.
    #expect(readings.readInPieces == (limit + 1 <= JSONReader.piecewiseDepth))
    guard case .map(let line) = try readings.pieces.get(), case .map(let call) = line[0].value,
      case .list(let args) = call[0].value
    else {
      Issue.record("expected {\"call\": {\"args\": [...]}}")
      return
    }
    #expect(args.count == Self.count + 1)
    #expect(try readings.whole.get() == readings.pieces.get())
  }

  @Test("a long text nested deeper than the pieces follow is read whole, to the same value")
  func deepTextIsReadWhole() throws {
    let inner = JSONReader.piecewiseDepth
    let nest = { (n: Int) in
      String(repeating: "[", count: n) + "1" + String(repeating: "]", count: n)
    }
    for (levels, inPieces) in [(inner - 1, true), (inner, false)] {
      // The outer array is one level: `levels` more inside it.
      let text = "[" + Self.joined(Self.count) { "\($0)" } + ", " + nest(levels) + "]"
      let readings = Self.read(text)
      #expect(readings.readInPieces == inPieces, "\(levels) levels inside")
      #expect(try readings.pieces.get() == readings.whole.get())
    }
  }

  @Test("the depth scan counts brackets outside strings and stops past its limit")
  func nestingScan() {
    func deeper(_ text: String, than limit: Int) -> (Bool, Int) {
      let bytes = Array(text.utf8)
      return bytes.withUnsafeBufferPointer { buffer in
        var scanner = JSONTextScanner(bytes: buffer)
        return (scanner.nestsDeeper(than: limit), scanner.index)
      }
    }
    // Three deep at `[2]` (offset 12).
    #expect(deeper("[[1], {\"a\": [2]}]", than: 3) == (false, 17))
    #expect(deeper("[[1], {\"a\": [2]}]", than: 2) == (true, 12))
    #expect(deeper("[[1], {\"a\": [2]}]", than: 1) == (true, 1))
    // Brackets inside strings, escaped quotes among them, are no nesting.
    #expect(deeper("[\"[[[\\\"[[\", \"{{\"]", than: 1).0 == false)
    // A deep text is left at the first bracket past the limit, not read to its end.
    #expect(deeper(String(repeating: "[", count: 100_000), than: 16) == (true, 16))
  }
}
