import Testing

@testable import FlutterCodec

/// Pigeon's host-API format, each form pinned byte for byte (hex derived by hand from the
/// standard format: 0c list, 0d map, 07 string, 04 int64, 00 null, 01 true; tags ≥ 0x80 custom).
@Suite struct PigeonTests {
  let pigeon = PigeonCodec()

  // MARK: Channel names

  @Test func channelNames() {
    #expect(
      PigeonCodec.channelName(
        package: "connect_kit", api: "ConnectKitHostApi", method: "isSdkAvailable")
        == "dev.flutter.pigeon.connect_kit.ConnectKitHostApi.isSdkAvailable")
    #expect(
      PigeonCodec.channelName(package: "p", api: "Api", method: "m", suffix: "two")
        == "dev.flutter.pigeon.p.Api.m.two")
  }

  // MARK: Requests

  @Test func argumentsAreOneList() throws {
    // requestPermissions(["steps"], null, null, null)
    let bytes = hex("0c04 0c01 0705 7374657073 00 00 00")
    let arguments: [ChannelValue] = [["steps"], nil, nil, nil]
    #expect(pigeon.encodeArguments(arguments) == bytes)
    #expect(try pigeon.decodeArguments(bytes) == arguments)
  }

  @Test func noArgumentsIsNoPayload() throws {
    #expect(pigeon.encodeArguments([]) == nil)
    #expect(try pigeon.decodeArguments(nil) == [])
    #expect(try pigeon.decodeArguments([]) == [])
    #expect(try pigeon.decodeArguments(hex("00")) == [])
  }

  @Test func requestsThatAreNotAListAreRefused() {
    #expect(
      throws: PigeonMessageError(
        .notAList, "a Pigeon request is a list of arguments [arg0, ...], not bool")
    ) {
      try pigeon.decodeArguments(hex("01"))
    }
    #expect {
      try pigeon.decodeArguments(hex("0c"))
    } throws: { ($0 as? PigeonMessageError)?.kind == .undecodable }
  }

  // MARK: Replies

  @Test func successReplies() throws {
    #expect(pigeon.encodeSuccess(true) == hex("0c01 01"))
    #expect(pigeon.encodeSuccess(nil) == hex("0c01 00"))
    // "iOS 17.5 (iOS)" is 14 bytes.
    let version = hex("0c01 070e 694f53 20 31372e35 20 28694f5329")
    #expect(pigeon.encodeSuccess("iOS 17.5 (iOS)") == version)
    #expect(try pigeon.decodeReply(version) == .success("iOS 17.5 (iOS)"))
    // A float64 pads to 8 from the start of the reply: tag at offset 2, five zero bytes.
    #expect(pigeon.encodeSuccess(1.5) == hex("0c01 06 0000000000 000000000000f83f"))
    // Dart-side handlers answer a void method with [].
    #expect(try pigeon.decodeReply(hex("0c00")) == .success(nil))
  }

  @Test func errorReplies() throws {
    let withMessage = hex("0c03 0704 434f4445 0703 6d7367 00")
    #expect(pigeon.encodeError(code: "CODE", message: "msg", details: nil) == withMessage)
    #expect(
      try pigeon.decodeReply(withMessage) == .error(code: "CODE", message: "msg", details: nil))
    let noMessage = hex("0c03 0704 434f4445 00 01")
    #expect(pigeon.encodeError(code: "CODE", message: nil, details: true) == noMessage)
    #expect(try pigeon.decodeReply(noMessage) == .error(code: "CODE", message: nil, details: true))
  }

  @Test func repliesDartRefuses() throws {
    #expect(try pigeon.decodeReply(nil) == .noConnection)
    #expect {
      try pigeon.decodeReply(hex("0c02 00 00"))
    } throws: { ($0 as? PigeonMessageError)?.kind == .notAReply }
    #expect {
      try pigeon.decodeReply(hex("0c03 01 00 00"))
    } throws: { ($0 as? PigeonMessageError)?.kind == .notAReply }
    #expect {
      try pigeon.decodeReply(hex("01"))
    } throws: { ($0 as? PigeonMessageError)?.kind == .notAList }
  }

  // MARK: Custom types, Pigeon 21.2+ (one codec, enums then classes from 129)

  /// ConnectKit's file: no enums; AccessStatusMessage 129, WriteResultMessage 130.
  let connectKit = PigeonTypeTags(
    enums: [], classes: ["AccessStatusMessage", "WriteResultMessage"])

  @Test func classesAreTagThenFieldList() throws {
    #expect(connectKit.entry(named: "AccessStatusMessage")?.number == 129)
    #expect(connectKit.entry(named: "WriteResultMessage")?.number == 130)
    let access = try #require(
      connectKit.encode("AccessStatusMessage", fields: [.map([]), nil, nil]))
    expectPinned(access, "81 0c03 0d00 00 00")
    let write = try #require(
      connectKit.encode("WriteResultMessage", fields: ["failure", nil, nil]))
    expectPinned(write, "82 0c03 0707 6661696c757265 00 00")
    #expect(
      try connectKit.decode(write)
        == .dataClass(name: "WriteResultMessage", fields: ["failure", nil, nil]))
    // Inside a reply: [AccessStatusMessage({}, null, null)].
    #expect(pigeon.encodeSuccess(access) == hex("0c01 81 0c03 0d00 00 00"))
    #expect(connectKit.encode("Nope", fields: []) == nil)
    #expect(connectKit.encode("AccessStatusMessage", enumIndex: 0) == nil)
  }

  /// Pigeon's example app: `enum Code` is 129, `class MessageData` 130; an enum is its tag and
  /// its index as an int64.
  @Test func enumsComeFirstAndAreTagThenInt64() throws {
    let example = PigeonTypeTags(enums: ["Code"], classes: ["MessageData"])
    let two = try #require(example.encode("Code", enumIndex: 1))
    expectPinned(two, "81 04 0100000000000000")
    #expect(try example.decode(two) == .enumeration(name: "Code", index: 1))
    // An int32 index (older Dart codecs) reads too.
    #expect(
      try example.decode(.ext(tag: 0x81, value: .int32(1))) == .enumeration(name: "Code", index: 1))
    // The tag followed by null reads as a null enum, as Dart's generated reader does.
    #expect(
      try example.decode(.ext(tag: 0x81, value: nil)) == .enumeration(name: "Code", index: nil))
    let data = try #require(example.encode("MessageData", fields: ["a", nil]))
    expectPinned(data, "82 0c02 0701 61 00")
  }

  /// 128 classes: numbers 129...256. 254 is the last direct tag; 255 and 256 overflow as tag 255
  /// with [number − 255, fields].
  @Test func overflowIsTag255WithIndexAndValue() throws {
    let names = (0..<128).map { "C\($0)" }
    let large = PigeonTypeTags(enums: [], classes: names)
    let last = try #require(large.encode("C125", fields: [true]))
    expectPinned(last, "fe 0c01 01")
    let first = try #require(large.encode("C126", fields: [true]))
    expectPinned(first, "ff 0c02 04 0000000000000000 0c01 01")
    let second = try #require(large.encode("C127", fields: [true]))
    expectPinned(second, "ff 0c02 04 0100000000000000 0c01 01")
    #expect(try large.decode(second) == .dataClass(name: "C127", fields: [true]))
    #expect(try large.decode(last) == .dataClass(name: "C125", fields: [true]))
  }

  @Test func overflowedEnumsWrapTheirIndex() throws {
    let names = (0..<127).map { "E\($0)" }
    let large = PigeonTypeTags(enums: names, classes: ["K"])
    let value = try #require(large.encode("E126", enumIndex: 2))
    expectPinned(value, "ff 0c02 04 0000000000000000 04 0200000000000000")
    #expect(try large.decode(value) == .enumeration(name: "E126", index: 2))
    let k = try #require(large.encode("K", fields: []))
    expectPinned(k, "ff 0c02 04 0100000000000000 0c00")
  }

  // MARK: Custom types before Pigeon 20 (per API, alphabetical, from 128)

  @Test func perAPITagsAreAlphabeticalFrom128() throws {
    let old = try #require(PigeonTypeTags(perAPIClasses: ["Zeta", "Alpha", "Mid"]))
    #expect(old.form == .perAPIAlphabetical)
    #expect(old.entries.map(\.name) == ["Alpha", "Mid", "Zeta"])
    expectPinned(try #require(old.encode("Alpha", fields: [])), "80 0c00")
    let zeta = try #require(old.encode("Zeta", fields: [1]))
    expectPinned(zeta, "82 0c01 03 01000000")
    #expect(try old.decode(zeta) == .dataClass(name: "Zeta", fields: [1]))
    // No overflow in the old form: tag 255 is just the 128th class.
    #expect(PigeonTypeTags(perAPIClasses: (0..<129).map { "C\($0)" }) == nil)
    #expect(PigeonTypeTags(perAPIClasses: (0..<128).map { "C\($0)" }) != nil)
  }

  // MARK: Refusals

  @Test func unknownCustomValuesAreRefused() {
    for value: ChannelValue in [
      .ext(tag: 0x83, value: .list([])),  // no type 131
      .ext(tag: 0x81, value: .int64(1)),  // a class needs its field list
      .ext(tag: 0xff, value: .list([])),  // tag 255 unused by a two-type table
      "plain",
    ] {
      #expect {
        try connectKit.decode(value)
      } throws: { ($0 as? PigeonMessageError)?.kind == .unknownCustomType }
    }
  }
}
