import Testing

@testable import Harness

/// Transcript bytes are UTF-8 when each line that has a byte past ASCII is: the first line
/// that is not is named, wherever it lies against the eight-byte words of the ASCII scan.
@Suite struct TranscriptUTF8Tests {
  func firstInvalid(_ bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { TranscriptUTF8.firstInvalidLine($0) }
  }

  @Test func asciiAndValidTextHaveNoInvalidLine() {
    #expect(firstInvalid([]) == nil)
    #expect(firstInvalid(Array("{\"note\": \"ascii only\"}\n{}\n".utf8)) == nil)
    #expect(firstInvalid(Array("{\"note\": \"é → 😀\"}\n{\"a\": \"ü\"}".utf8)) == nil)
  }

  /// A bad byte at every offset of a 20-byte line, on the third line of three.
  @Test(arguments: 0..<20) func aBadByteIsFoundOnItsLine(offset: Int) {
    var third = Array(repeating: UInt8(ascii: "x"), count: 20)
    third[offset] = 0xFF
    let bytes = Array("first line é\nsecond\n".utf8) + third + Array("\nlast é\n".utf8)
    #expect(firstInvalid(bytes) == 2)
  }

  @Test func aSequenceCutByANewlineIsInvalid() {
    // "é" is C3 A9: its first byte alone ends the first line.
    #expect(firstInvalid([0x61, 0xC3, 0x0A, 0xA9, 0x62]) == 0)
    #expect(firstInvalid(Array("ok\n".utf8) + [0xED, 0xA0, 0x80]) == 1)  // a surrogate
  }

  @Test func firstNonASCIIFindsTheFirstHighByte() {
    let bytes: [UInt8] = Array("0123456789abcdef".utf8) + [0x80] + Array("z".utf8)
    bytes.withUnsafeBufferPointer { buffer in
      #expect(TranscriptUTF8.firstNonASCII(buffer.baseAddress!, from: 0, count: buffer.count) == 16)
      #expect(
        TranscriptUTF8.firstNonASCII(buffer.baseAddress!, from: 17, count: buffer.count) == nil)
    }
  }
}
