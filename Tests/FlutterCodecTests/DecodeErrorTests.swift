import Testing

@testable import FlutterCodec

/// Each error kind reached by a minimal input; the offset is that of the offending byte (the tag,
/// the size prefix, the first bad UTF-8 byte, the first byte left over, or where bytes ran out).
@Suite struct DecodeErrorTests {
  @Test func truncated() {
    expectError(.truncated, at: 0, decoding: [])
    // int32 needs 4 bytes after its tag at 0.
    expectError(.truncated, at: 1, decoding: hex("03 010203"))
    expectError(.truncated, at: 1, decoding: hex("04 01020304050607"))
    // float64: the 7 padding bytes are missing.
    expectError(.truncated, at: 1, decoding: hex("06 00"))
    // float64: padding present, payload short.
    expectError(.truncated, at: 8, decoding: hex("06 00000000000000 000000"))
    // A size's uint16 cut short.
    expectError(.truncated, at: 2, decoding: hex("07 fe 01"))
    // A size's uint32 cut short.
    expectError(.truncated, at: 2, decoding: hex("08 ff 0100"))
    // The second element of a list, an int32 tagged at 3, lacks its 4 bytes.
    expectError(.truncated, at: 4, decoding: hex("0c 02 00 03"))
    // A map's value is missing.
    expectError(.truncated, at: 5, decoding: hex("0d 01 070161"))
    // An empty Int64List whose padding (2…7) is missing.
    expectError(.truncated, at: 2, decoding: hex("0a 00"))
    // A size byte is missing.
    expectError(.truncated, at: 1, decoding: hex("07"))
  }

  @Test func unknownTag() throws {
    expectError(.unknownTag, at: 0, decoding: [15])
    expectError(.unknownTag, at: 0, decoding: [127])
    expectError(.unknownTag, at: 2, decoding: hex("0c 01 40"))
    // Extension tags are refused unless enabled.
    expectError(.unknownTag, at: 0, decoding: [128, 0])
    expectError(.unknownTag, at: 0, decoding: [255, 0])
    // With extensions on, 128…255 read one value, but 15…127 stay reserved.
    #expect(try extCodec.decode([128, 0]) == .ext(tag: 128, value: nil))
    expectError(.unknownTag, at: 0, decoding: [100], codec: extCodec)
    expectError(.truncated, at: 1, decoding: [200], codec: extCodec)
  }

  @Test func everyReservedTagIsRefused() {
    for tag in UInt8(15)...255 {
      expectError(.unknownTag, at: 0, decoding: [tag, 0])
    }
  }

  @Test func sizeOutOfBounds() {
    // Each names the size prefix at offset 1.
    expectError(.sizeOutOfBounds, at: 1, decoding: hex("07 05 61"))
    expectError(.sizeOutOfBounds, at: 1, decoding: hex("05 02 31"))
    expectError(.sizeOutOfBounds, at: 1, decoding: hex("08 02 00"))
    // A list of 3 needs at least 3 bytes; 2 remain.
    expectError(.sizeOutOfBounds, at: 1, decoding: hex("0c 03 0000"))
    // A map entry needs at least 2 bytes: 1 entry, 1 byte left.
    expectError(.sizeOutOfBounds, at: 1, decoding: hex("0d 01 00"))
    // Int32List of 1: padding 2…3, then 0 bytes for 4 needed.
    expectError(.sizeOutOfBounds, at: 1, decoding: hex("09 01 0000"))
    // Float64List of 2: padding 2…7, then 8 bytes for 16 needed.
    expectError(.sizeOutOfBounds, at: 1, decoding: hex("0b 02 000000000000 0000000000000000"))
    // Inside a list, the prefix of the inner string is at 3.
    expectError(.sizeOutOfBounds, at: 3, decoding: hex("0c 01 07 09 61"))
  }

  @Test func invalidUTF8PointsAtTheFirstBadByte() {
    // A lone continuation byte.
    expectError(.invalidUTF8, at: 2, decoding: hex("07 01 ff"))
    // c3 must be followed by a continuation byte; 28 is not.
    expectError(.invalidUTF8, at: 3, decoding: hex("07 03 61 c3 28"))
    // Overlong NUL (c0 80).
    expectError(.invalidUTF8, at: 2, decoding: hex("07 02 c080"))
    // A UTF-16 surrogate (U+D800 as ed a0 80).
    expectError(.invalidUTF8, at: 2, decoding: hex("07 03 eda080"))
    // Above U+10FFFF (f4 90 80 80).
    expectError(.invalidUTF8, at: 2, decoding: hex("07 04 f4908080"))
    // A sequence cut off by the end of the string.
    expectError(.invalidUTF8, at: 4, decoding: hex("07 03 6162 e2"))
    // Large ints are text too.
    expectError(.invalidUTF8, at: 2, decoding: hex("05 01 80"))
    // Valid multi-byte text before the bad byte is skipped: é (c3 a9) then ff at 4.
    expectError(.invalidUTF8, at: 4, decoding: hex("07 03 c3a9 ff"))
  }

  @Test func trailingBytes() {
    expectError(.trailingBytes, at: 1, decoding: hex("00 00"))
    expectError(.trailingBytes, at: 5, decoding: hex("03 01000000 ff"))
    expectError(.trailingBytes, at: 16, decoding: hex("06 00000000000000 000000000000f03f 00"))
  }

  @Test func errorsDescribeThemselves() {
    let error = CodecError(.truncated, at: 3, expected: "a type tag")
    #expect(error.description == "truncated at offset 3: expected a type tag")
    #expect(CodecError.Kind.allCases.count == 10)
  }
}

/// Declared sizes far beyond the input are refused before anything is allocated for them: the
/// check compares the size with the bytes left, so a 4 GiB claim in a 6-byte message fails at
/// once (allocating first would need tens of gigabytes and crash the test).
@Suite struct HugeSizeTests {
  static let cases: [(String, String)] = [
    ("string", "07 ffffffffff"),
    ("large int", "05 ffffffffff"),
    ("Uint8List", "08 ffffffffff"),
    ("list", "0c ffffffffff"),
    ("map", "0d ffffffffff"),
    // Typed lists: size 1…5, padding up to 8, then nothing.
    ("Int32List", "09 ffffffffff 0000"),
    ("Int64List", "0a ffffffffff 0000"),
    ("Float32List", "0e ffffffffff 0000"),
    ("Float64List", "0b ffffffffff 0000"),
  ]

  @Test(arguments: cases)
  func refusedAtTheSizePrefix(name: String, bytes: String) {
    expectError(.sizeOutOfBounds, at: 1, decoding: hex(bytes))
  }

  @Test func refusedInsideACallAndAnEnvelope() {
    expectError(.sizeOutOfBounds, at: 4) { () throws(CodecError) in
      _ = try methodCodec.decodeMethodCall(hex("07016d 0c ffffffffff"))
    }
    expectError(.sizeOutOfBounds, at: 2) { () throws(CodecError) in
      _ = try methodCodec.decodeEnvelope(hex("00 0d ffffffffff"))
    }
    expectError(.sizeOutOfBounds, at: 2) { () throws(CodecError) in
      _ = try methodCodec.decodeEnvelope(hex("01 07 ffffffffff"))
    }
  }

  @Test func uint16SizesToo() {
    expectError(.sizeOutOfBounds, at: 1, decoding: hex("0c feffff 00"))
  }
}

/// The depth rule: a container (list, map, or extension value) opened inside 512 others is
/// refused. So 512 nested containers decode, 513 do not; the error names the tag of the 513th.
@Suite struct NestingDepthTests {
  static func nestedLists(_ depth: Int) -> [UInt8] {
    Array([[UInt8]](repeating: [0x0c, 0x01], count: depth).joined()) + [0x00]
  }

  @Test func maximumDepthIs512() {
    #expect(StandardMessageCodec.maximumDepth == 512)
  }

  @Test func fiveHundredTwelveListsAreAccepted() throws {
    let bytes = Self.nestedLists(512)
    var value = try plainCodec.decode(bytes)
    var depth = 0
    while case .list(let items) = value {
      depth += 1
      value = items[0]
    }
    #expect(depth == 512)
    #expect(value == .null)
    #expect(plainCodec.encode(try plainCodec.decode(bytes)) == bytes)
  }

  @Test func fiveHundredThirteenListsAreRefused() {
    // The 513th list's tag is at 2 × 512 = 1024.
    expectError(.nestingTooDeep, at: 1024, decoding: Self.nestedLists(513))
  }

  @Test func mapsCountAsLevels() throws {
    // Map entries null → next map: each level is 0d 01 00 (3 bytes).
    let level: [UInt8] = [0x0d, 0x01, 0x00]
    let ok = Array([[UInt8]](repeating: level, count: 512).joined()) + [0x00]
    _ = try plainCodec.decode(ok)
    let deep = Array([[UInt8]](repeating: level, count: 513).joined()) + [0x00]
    expectError(.nestingTooDeep, at: 1536, decoding: deep)
    // As a key, too: 0d 01 then the next map as the key.
    let keyLevel: [UInt8] = [0x0d, 0x01]
    let keys = Array([[UInt8]](repeating: keyLevel, count: 513).joined())
    expectError(.nestingTooDeep, at: 1024, decoding: keys + [0x00, 0x00])
  }

  @Test func extensionValuesCountAsLevels() throws {
    let ok = [UInt8](repeating: 0x80, count: 512) + [0x00]
    _ = try extCodec.decode(ok)
    expectError(
      .nestingTooDeep, at: 512, decoding: [UInt8](repeating: 0x80, count: 513) + [0x00],
      codec: extCodec)
  }

  @Test func aHundredThousandLevelsAreRefusedWithoutOverflow() {
    expectError(.nestingTooDeep, at: 1024, decoding: Self.nestedLists(100_000))
    let maps = Array([[UInt8]](repeating: [0x0d, 0x01, 0x00], count: 100_000).joined())
    expectError(.nestingTooDeep, at: 1536, decoding: maps + [0x00])
    expectError(
      .nestingTooDeep, at: 512, decoding: [UInt8](repeating: 0xfe, count: 100_000),
      codec: extCodec)
    // Cut short rather than closed: still the depth error, found first.
    expectError(.nestingTooDeep, at: 1024, decoding: Array(Self.nestedLists(100_000).prefix(5000)))
  }

  @Test func depthCountsPerValueInACallAndAnEnvelope() throws {
    // Arguments may nest 512 deep after the method name.
    let call = hex("07016d") + Self.nestedLists(512)
    _ = try methodCodec.decodeMethodCall(call)
    expectError(.nestingTooDeep, at: 3 + 1024) { () throws(CodecError) in
      _ = try methodCodec.decodeMethodCall(hex("07016d") + Self.nestedLists(513))
    }
    expectError(.nestingTooDeep, at: 1 + 1024) { () throws(CodecError) in
      _ = try methodCodec.decodeEnvelope([0] + Self.nestedLists(513))
    }
  }
}
