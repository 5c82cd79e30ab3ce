import ChannelTestSupport
import FlutterCodec
import Testing

@testable import PluginHost

/// A route's last short call, remembered by its bytes: a repeat reads as the first did, any
/// other bytes are read again, and what is not a known short call is never remembered.
@Suite struct LastCallTests {
  static let table: MethodTable = [
    "a": .plain { _ in .null }, "ab": .plain { _ in .null }, "ba": .plain { _ in .null },
  ]

  func route() -> ChannelRoute {
    ChannelRoute(
      name: "c", handler: .methods(MethodIndex(Self.table), { _ in FlutterError(code: "E") }))
  }

  func read(_ route: ChannelRoute, _ payload: [UInt8]) -> KnownScalarCall? {
    payload.withUnsafeBytes { route.knownScalarCall($0) }
  }

  /// The method's position and the arguments as plain data, for comparing.
  func shape(_ known: KnownScalarCall?) -> [String]? {
    guard let known else { return nil }
    return [
      "\(known.position)", "\(known.arguments.tag)", "\(known.arguments.value64)",
    ]
  }

  @Test func aRepeatReadsAsTheFirstAndOtherBytesAreReadAgain() {
    let route = route()
    // "ab" with true, then false (one byte apart), then "ba" (the same length, other bytes).
    let abTrue = hex("07 02 61 62 01")
    let abFalse = hex("07 02 61 62 02")
    let baTrue = hex("07 02 62 61 01")
    let first = shape(read(route, abTrue))
    #expect(first != nil)
    #expect(shape(read(route, abTrue)) == first)
    #expect(shape(read(route, abFalse)) == [first?[0] ?? "", "2", "0"])
    #expect(shape(read(route, baTrue))?[0] != first?[0])
    #expect(shape(read(route, abTrue)) == first)
    // An int64 argument: the number is kept.
    #expect(shape(read(route, hex("07 01 61 04 ff ff ff ff ff ff ff 7f")))?[2] == "\(Int64.max)")
  }

  @Test func whatIsNotAKnownShortCallIsNotRemembered() {
    let route = route()
    let known = hex("07 01 61 00")
    #expect(read(route, known) != nil)
    // An unknown name, a map argument, trailing bytes, a name cut short: none is a known short
    // call, and none replaces the one remembered.
    for payload in [
      hex("07 01 7a 00"), hex("07 01 61 0d 00"), hex("07 01 61 00 00"), hex("07 05 61"),
    ] {
      #expect(read(route, payload) == nil)
    }
    #expect(read(route, known).map(\.position) == read(route, hex("07 01 61 01")).map(\.position))
    // A call longer than the bytes remembered is read every time, and still right.
    let longName = String(repeating: "x", count: 40)
    let long = ChannelRoute(
      name: "l",
      handler: .methods(
        MethodIndex([longName: .plain { _ in .null }]), { _ in FlutterError(code: "E") }))
    let payload = [0x07, 40] + Array(longName.utf8) + [0x00]
    #expect(payload.withUnsafeBytes { long.knownScalarCall($0) }?.position == 0)
    #expect(payload.withUnsafeBytes { long.knownScalarCall($0) }?.position == 0)
    #expect(long.lastCallCount == -1)
    // A raw message channel reads no call at all.
    let raw = ChannelRoute(name: "r", handler: .messages { _, _ in nil })
    #expect(known.withUnsafeBytes { raw.knownScalarCall($0) } == nil)
  }
}
