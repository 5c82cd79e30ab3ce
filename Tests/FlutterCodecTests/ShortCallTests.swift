import Testing

@testable import FlutterCodec

/// Calls of a short name with null, bool or integer arguments take their own paths
/// (`ShortCall.swift`); these pin their bytes for every name length class and argument kind,
/// that those bytes are what the short paths make and read, and that anything they do not
/// accept gets the general path's value or error.
@Suite struct ShortCallTests {
  /// Calls and their bytes: names of 0, 1, 8, 9 and 15 bytes (inline), 16 bytes (in storage:
  /// the general path), a non-ASCII name; floats padded from the call's first byte.
  static let pinned: [(MethodCall, String)] = [
    (MethodCall("", nil), "07 00 00"),
    (MethodCall("f", true), "07 01 66 01"),
    (MethodCall("f", false), "07 01 66 02"),
    (MethodCall("abcdefgh", .int32(-2)), "07 08 6162636465666768 03 feffffff"),
    (
      MethodCall("abcdefghi", .int64(0x1122_3344_5566_7788)),
      "07 09 616263646566676869 04 8877665544332211"
    ),
    // 17 bytes of name, the float64 tag at 17, padding 18-23, the number at 24.
    (
      MethodCall("abcdefghijklmno", 1.5),
      "07 0f 6162636465666768696a6b6c6d6e6f 06 000000000000 000000000000f83f"
    ),
    (MethodCall("abcdefghijklmnop", nil), "07 10 6162636465666768696a6b6c6d6e6f70 00"),
    (MethodCall("é", .int32(7)), "07 02 c3a9 03 07000000"),
  ]

  @Test func pinnedBytesBothWays() throws {
    for (call, h) in Self.pinned {
      #expect(hexString(methodCodec.encodeMethodCall(call)) == hexString(hex(h)), "\(call)")
      #expect(try methodCodec.decodeMethodCall(hex(h)) == call, "\(h)")
    }
  }

  @Test func shortPathsMakeAndReadTheirCalls() throws {
    try #require(SmallStringBits.isAvailable)
    for (call, h) in Self.pinned {
      let inline = call.method.utf8.count < 16
      #expect((StandardMethodCodec.encodeShortCall(call) != nil) == inline, "\(call)")
      let decoded = hex(h).withUnsafeBytes(StandardMethodCodec.decodeShortCall)
      // Floats and non-ASCII names are left to the general path.
      let readsIt =
        inline && call.method.utf8.allSatisfy { $0 < 0x80 } && call.arguments.doubleValue != 1.5
      #expect((decoded != nil) == readsIt, "\(h)")
      if let decoded { #expect(decoded == call) }
    }
    // Lists, maps and strings as arguments take the general path.
    #expect(StandardMethodCodec.encodeShortCall(MethodCall("f", ["a"])) == nil)
    #expect(StandardMethodCodec.encodeShortCall(MethodCall("f", "a")) == nil)
    #expect(hex("07 01 66 07 01 61").withUnsafeBytes(StandardMethodCodec.decodeShortCall) == nil)
  }

  /// Names of every inline length, the call's last byte right after them (no bytes past the
  /// name are read).
  @Test(arguments: 0...15) func everyNameLengthAtTheEnd(count: Int) throws {
    let name = String("abcdefghijklmnopq".prefix(count))
    let bytes = [0x07, UInt8(count)] + Array(name.utf8) + [0x00]
    #expect(methodCodec.encodeMethodCall(MethodCall(name, nil)) == bytes)
    #expect(try methodCodec.decodeMethodCall(bytes) == MethodCall(name, nil))
    #expect(try methodCodec.decodeMethodCall(ArraySlice(bytes)) == MethodCall(name, nil))
  }

  /// What the short decode path does not accept is read (or refused) by the general path.
  @Test func refusalsAreTheGeneralPaths() {
    // No arguments after the name.
    expectError(.truncated, at: 5) { () throws(CodecError) in
      _ = try methodCodec.decodeMethodCall(hex("07 03 616263"))
    }
    // A byte after the arguments.
    expectError(.trailingBytes, at: 4) { () throws(CodecError) in
      _ = try methodCodec.decodeMethodCall(hex("07 01 66 00 00"))
    }
    // An int32 cut short.
    expectError(.truncated, at: 4) { () throws(CodecError) in
      _ = try methodCodec.decodeMethodCall(hex("07 01 66 03 0100"))
    }
    // A name longer than the bytes.
    expectError(.sizeOutOfBounds, at: 1) { () throws(CodecError) in
      _ = try methodCodec.decodeMethodCall(hex("07 05 6162 00"))
    }
    // A name that is not a string.
    expectError(.methodNameNotString, at: 0) { () throws(CodecError) in
      _ = try methodCodec.decodeMethodCall(hex("00 00"))
    }
  }

  /// The parts with the arguments as plain data read the same calls as ``scalarCall(_:)``:
  /// the same name bytes, the same arguments, the same refusals.
  @Test func plainArgumentsReadAsTheValues() {
    let calls = [
      "07 01 61 00", "07 01 61 01", "07 01 61 02", "07 01 61 03 fe ff ff ff",
      "07 01 61 04 08 07 06 05 04 03 02 01", "07 00 00", "07 01 61 05", "07 01 61 00 00",
      "07 01 61 03 01", "03 01 61 00",
    ]
    for text in calls {
      hex(text).withUnsafeBytes { bytes in
        let whole = StandardMethodCodec.scalarCall(bytes)
        let parts = StandardMethodCodec.scalarCallParts(bytes)
        #expect((whole == nil) == (parts == nil), "\(text)")
        if let whole, let parts {
          #expect(
            Array(whole.name) == Array(parts.name) && whole.arguments == parts.arguments.value)
        }
      }
    }
    #expect(ScalarArguments.null.value == .null)
  }
}
