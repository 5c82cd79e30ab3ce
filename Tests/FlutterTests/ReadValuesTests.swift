import Flutter
import Foundation
import Testing

/// What the standard codec hands to Swift, and how Swift's casts treat it (as on iOS: numbers
/// are `NSNumber`, casts succeed when the value is represented exactly).
@Suite struct ReadValuesTests {
  @Test func nullIsNilAtTheTopAndNSNullInside() {
    #expect(messageCodec.decode(bytes("00")) == nil)
    #expect(messageCodec.decode(nil) == nil)
    #expect(messageCodec.decode(Data()) == nil)
    let list = messageCodec.decode(bytes("0c 02 00 03 01000000")) as? NSArray
    #expect(list?[0] is NSNull)
    let map = messageCodec.decode(bytes("0d 01 00 00")) as? NSDictionary
    #expect(map?.allKeys.first is NSNull)
    #expect(map?.allValues.first is NSNull)
  }

  @Test func booleans() {
    let yes = messageCodec.decode(bytes("01"))
    #expect(yes as? Bool == true)
    #expect(yes as? NSNumber == NSNumber(value: true))
    #expect(yes as? Int == 1)
    #expect(messageCodec.decode(bytes("02")) as? Bool == false)
    #expect(yes as? String == nil)
  }

  @Test func int32() {
    let five = messageCodec.decode(bytes("03 05000000"))
    #expect(five is NSNumber)
    #expect(five as? Int == 5)
    #expect(five as? Int32 == 5)
    #expect(five as? Int64 == 5)
    #expect(five as? Double == 5.0)
    #expect(five as? Bool == nil)
    #expect(five as? String == nil)
    #expect(messageCodec.decode(bytes("03 01000000")) as? Bool == true)
    #expect(messageCodec.decode(bytes("03 ffffffff")) as? UInt == nil)
  }

  @Test func int64() {
    let large = messageCodec.decode(bytes("04 0000000001000000"))
    #expect(large as? Int == 1 << 32)
    #expect(large as? Int64 == 1 << 32)
    #expect(large as? Int32 == nil)
    #expect(large as? Double == 4_294_967_296.0)
  }

  @Test func float64() {
    let half = messageCodec.decode(bytes("06 00000000000000 0000000000000440"))
    #expect(half as? Double == 2.5)
    #expect(half as? Float == 2.5)
    #expect(half as? Int == nil)
    let three = messageCodec.decode(bytes("06 00000000000000 0000000000000840"))
    #expect(three as? Int == 3)
    let tenth = messageCodec.encode(0.1).flatMap { messageCodec.decode($0) }
    #expect(tenth as? Double == 0.1)
    #expect(tenth as? Float == nil)
  }

  @Test func strings() {
    let text = messageCodec.decode(bytes("07 06 68c3a96c6c6f"))
    #expect(text is NSString)
    #expect(text as? String == "héllo")
    #expect(text as? Int == nil)
    #expect(messageCodec.decode(bytes("05 02 6666")) as? String == "ff")
  }

  @Test func lists() {
    let value = messageCodec.decode(bytes("0c 02 03 01000000 04 0200000000000000"))
    #expect(value is NSMutableArray)
    #expect(value as? [Int] == [1, 2])
    #expect((value as? [Any])?.count == 2)
    #expect(value as? [String] == nil)
    let mixed = messageCodec.decode(bytes("0c 02 07 01 61 00"))
    #expect(mixed as? [String] == nil)
    let optionals = mixed as? [Any?]
    #expect(optionals?.count == 2)
  }

  @Test func maps() {
    let value = messageCodec.decode(bytes("0d 01 07 01 6b 03 01000000"))
    #expect(value is NSMutableDictionary)
    let map = value as? [String: Any]
    #expect(map?["k"] as? Int == 1)
    #expect(value as? [String: Int] == ["k": 1])
    #expect(value as? [String: String] == nil)
    let intKeys = messageCodec.decode(bytes("0d 01 03 02000000 07 01 76"))
    #expect(intKeys as? [String: Any] == nil)
    #expect(intKeys as? [Int: String] == [2: "v"])
  }

  @Test func typedLists() {
    let value = messageCodec.decode(bytes("09 02 0000 01000000 ffffffff"))
    let typed = value as? FlutterStandardTypedData
    #expect(typed?.type == .int32)
    #expect(typed?.elementCount == 2)
    #expect(typed?.data == bytes("01000000 ffffffff"))
    let floats = messageCodec.decode(bytes("0e 01 0000 0000803f")) as? FlutterStandardTypedData
    #expect(floats?.type == .float32)
    #expect(floats?.data == bytes("0000803f"))
  }

  /// What Dart writes comes back byte for byte when Swift writes the decoded value again.
  static let roundTrips = [
    "01", "02", "03 05000000", "03 ffffffff", "04 0000000001000000",
    "06 00000000000000 0000000000000440",
    "07 02 6162", "08 02 0102", "09 01 0000 01000000", "0a 01 000000000000 0100000000000000",
    "0b 01 000000000000 000000000000f03f", "0e 01 0000 0000803f", "0c 02 00 07 01 61",
    "0d 01 07 01 6b 0c 01 01",
  ]

  @Test(arguments: roundTrips)
  func roundTrip(hex: String) {
    let decoded = messageCodec.decode(bytes(hex))
    #expect(messageCodec.encode(decoded) == bytes(hex), "\(hexText(messageCodec.encode(decoded)))")
  }

  /// Dart writes a small integer as int32, so a small int64 only comes from another writer; on
  /// Linux its `NSNumber` keeps 4 bytes and is written back as int32 (iOS: int64).
  @Test func smallInt64IsWrittenBackAsInt32OnLinux() {
    let decoded = messageCodec.decode(bytes("04 0500000000000000"))
    #expect(decoded as? Int64 == 5)
    #expect(messageCodec.encode(decoded) == bytes("03 05000000"))
  }

  @Test func corruptedMessagesReadSafelyAndAreReported() {
    ReportedLines.collect()
    #expect(messageCodec.decode(bytes("03 0500")) as? Int == 5)
    #expect(ReportedLines.contains("Corrupted standard message (3 bytes)"))
    // A list announcing 2^32 - 1 elements stops at the end of the bytes.
    #expect((messageCodec.decode(bytes("0c ff ffffffff")) as? NSArray)?.count == 1)
    #expect((messageCodec.decode(bytes("0c 03 03 01000000")) as? NSArray)?.count == 2)
    #expect(messageCodec.decode(bytes("7f")) == nil)
    #expect(ReportedLines.contains("Corrupted standard message (1 bytes)"))
    #expect(messageCodec.decode(bytes("03 01000000 00")) as? Int == 1)
    #expect(ReportedLines.contains("Corrupted standard message (6 bytes)"))
  }
}
