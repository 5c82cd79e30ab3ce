import Testing

@testable import FlutterCodec

/// The codec makes and reads strings of up to 15 bytes through the standard library's inline
/// layout (`SmallStringBits`); these pin that layout against the strings the standard library
/// itself makes, for every length, and the codec's bytes for them at the end of a message and in
/// its middle.
@Suite struct SmallStringBitsTests {
  /// "abcdefghijklmno" cut to `count` bytes, as the standard library makes it.
  static func library(_ count: Int) -> String {
    String(decoding: Array("abcdefghijklmno".utf8.prefix(count)), as: UTF8.self)
  }

  @Test(arguments: 0...15) func madeStringHasTheLibrarysBits(count: Int) throws {
    try #require(SmallStringBits.isAvailable)
    let expected = Self.library(count)
    let bytes = [UInt8](expected.utf8) + [UInt8](repeating: 0, count: 16 - count)
    let (low, high) = bytes.withUnsafeBytes {
      ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    }
    let made = SmallStringBits.asciiString(low: low, high: high, count: count)
    #expect(SmallStringBits.words(made) == SmallStringBits.words(expected))
    #expect(made == expected)
    #expect(Array(made.utf8) == Array(expected.utf8))
    #expect(made.hashValue == expected.hashValue)
    #expect(made + "!" == expected + "!")
  }

  @Test(arguments: 0...15) func inlineCountReadsTheLibrarysStrings(count: Int) throws {
    try #require(SmallStringBits.isAvailable)
    #expect(SmallStringBits.inlineCount(SmallStringBits.words(Self.library(count))) == count)
  }

  @Test func inlineCountReadsSmallNonASCIIAndRefusesHeapStrings() throws {
    try #require(SmallStringBits.isAvailable)
    // "é" is 0xc3 0xa9: two bytes held inline, not ASCII.
    #expect(
      SmallStringBits.inlineCount(
        SmallStringBits.words(String(decoding: [0xC3, 0xA9], as: UTF8.self))) == 2)
    let long = String(decoding: Array("HKQuantityTypeIdentifierHeartRate".utf8), as: UTF8.self)
    #expect(SmallStringBits.inlineCount(SmallStringBits.words(long)) == nil)
  }

  @Test func keepMasksToTheCount() {
    let word: UInt64 = 0x0807_0605_0403_0201
    #expect(SmallStringBits.keep(word, bytes: -3) == 0)
    #expect(SmallStringBits.keep(word, bytes: 0) == 0)
    #expect(SmallStringBits.keep(word, bytes: 3) == 0x03_0201)
    #expect(SmallStringBits.keep(word, bytes: 8) == word)
    #expect(SmallStringBits.keep(word, bytes: 11) == word)
  }

  /// Every length of string, last in the message (read byte by byte near the end) and followed by
  /// other bytes (read as two words), decodes to the library's string and encodes to the same bytes.
  @Test(arguments: 0...15) func stringsRoundTripAtEveryLength(count: Int) throws {
    let text = Self.library(count)
    let codec = StandardMessageCodec()
    let alone = [0x07, UInt8(count)] + Array(text.utf8)
    let decoded = try codec.decode(alone)
    #expect(decoded == .string(text))
    #expect(codec.encode(decoded) == alone)
    // ["x", text, null]: the string followed by a null tag and more.
    let inList: [UInt8] =
      [0x0C, 0x03, 0x07, 0x01, 0x78, 0x07, UInt8(count)] + Array(text.utf8) + [0x00]
    let list = try codec.decode(inList)
    #expect(list == .list([.string("x"), .string(text), .null]))
    #expect(codec.encode(list) == inList)
  }

  @Test func nonASCIIShortStringTakesTheCheckedPath() throws {
    // ["é", 1]: 0xc3a9 is not ASCII, so the two-word path leaves it to the UTF-8 check.
    let bytes = hex("0c 02 07 02 c3a9 03 01000000")
    let value = try StandardMessageCodec().decode(bytes)
    #expect(value == .list([.string("\u{E9}"), .int32(1)]))
    #expect(StandardMessageCodec().encode(value) == bytes)
  }
}
