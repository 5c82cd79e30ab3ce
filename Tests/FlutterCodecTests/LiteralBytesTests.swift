import Testing

@testable import FlutterCodec

/// The short call's array made as a literal of its size (`LiteralBytes.swift`): every size gives
/// exactly the bytes it was handed, in an array of its own, and the short calls at the edge of
/// the literal sizes keep their bytes.
@Suite struct LiteralBytesTests {
  /// Source bytes 0x10, 0x11, …: distinct, so that a byte copied to the wrong place shows.
  static let source: [UInt8] = (0..<48).map { UInt8(0x10 + $0) }

  @Test(arguments: 3...34) func everySizeHoldsItsBytes(count: Int) {
    let made = Self.source.withUnsafeBytes {
      LiteralBytes.array(copying: $0.baseAddress!, count: count)
    }
    #expect(made == Array(Self.source.prefix(count)))
    #expect(made.count == count)
    #expect(made.capacity >= count)
  }

  /// Two arrays of the same size are two storages: writing into one (and growing it) leaves the
  /// other as made, so no literal was turned into a shared constant.
  @Test(arguments: [3, 14, 25]) func arraysAreTheirOwn(count: Int) {
    var first = Self.source.withUnsafeBytes {
      LiteralBytes.array(copying: $0.baseAddress!, count: count)
    }
    let second = Self.source.withUnsafeBytes {
      LiteralBytes.array(copying: $0.baseAddress!, count: count)
    }
    first[0] = 0xff
    first.append(0xee)
    #expect(second == Array(Self.source.prefix(count)))
    #expect(first == [0xff] + Array(Self.source[1..<count]) + [0xee])
  }

  /// The word copy writes exactly `count` bytes: what lies past them is untouched.
  @Test(arguments: 3...32) func wordCopyStopsAtCount(count: Int) {
    var target = [UInt8](repeating: 0xaa, count: 48)
    Self.source.withUnsafeBytes { source in
      target.withUnsafeMutableBytes { target in
        LiteralBytes.copyWords(from: source.baseAddress!, to: target.baseAddress!, count: count)
      }
    }
    #expect(Array(target.prefix(count)) == Array(Self.source.prefix(count)))
    #expect(target.dropFirst(count).allSatisfy { $0 == 0xaa })
  }

  /// Short calls of 25 bytes (the largest literal) and 26 (copied the general way), the smallest
  /// (3: an empty name, null) and float64 calls of 16 and 32 bytes.
  static let edges: [(MethodCall, String)] = [
    (MethodCall("", nil), "07 00 00"),
    (
      MethodCall("abcdefghijklmn", .int64(-1)),
      "07 0e 6162636465666768696a6b6c6d6e 04 ffffffffffffffff"
    ),
    (
      MethodCall("abcdefghijklmno", .int64(1)),
      "07 0f 6162636465666768696a6b6c6d6e6f 04 0100000000000000"
    ),
    (MethodCall("abcdefghijklmno", .int32(2)), "07 0f 6162636465666768696a6b6c6d6e6f 03 02000000"),
    (MethodCall("", 2.0), "07 00 06 0000000000 0000000000000040"),
    (
      MethodCall("abcdefghijklmno", -0.5),
      "07 0f 6162636465666768696a6b6c6d6e6f 06 000000000000 000000000000e0bf"
    ),
  ]

  @Test func edgeCallsKeepTheirBytes() throws {
    for (call, h) in Self.edges {
      #expect(hexString(methodCodec.encodeMethodCall(call)) == hexString(hex(h)), "\(call)")
      #expect(try methodCodec.decodeMethodCall(hex(h)) == call, "\(h)")
    }
  }
}
