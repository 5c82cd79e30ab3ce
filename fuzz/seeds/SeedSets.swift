import ChannelJSON
import FlutterCodec

/// The seed inputs of each fuzz target.
enum SeedSets {
  static let codec = StandardMessageCodec(allowsExtensions: true)
  static let methodCodec = StandardMethodCodec(messageCodec: codec)

  static func message(_ golden: GoldenSeeds) -> [[UInt8]] {
    let values = SeedValues.all + SeedValues.extensions + golden.values
    return values.map(codec.encode) + golden.requests.map(\.bytes) + nonMinimal
  }

  /// Valid messages in forms the writer never uses: long size forms for short sizes, non-zero
  /// alignment padding (readers skip padding unchecked).
  static let nonMinimal: [[UInt8]] = [
    [0x07, 0xFF, 0x03, 0x00, 0x00, 0x00, 0x61, 0x62, 0x63],
    [0x07, 0xFE, 0x02, 0x00, 0x68, 0x69],
    [
      0x0C, 0xFE, 0x01, 0x00, 0x06, 0xAA, 0xBB, 0xCC,
      0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0, 0x3F,
    ],
    [
      0x0B, 0x01, 0x99, 0x99, 0x99, 0x99, 0x99, 0x99, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF8,
      0x7F,
    ],
    [0x0D, 0x01, 0x0D, 0x00, 0x0C, 0x00],
  ]

  static func method(_ golden: GoldenSeeds) -> [[UInt8]] {
    SeedValues.calls.map(methodCodec.encodeMethodCall)
      + SeedValues.envelopes.map(methodCodec.encodeEnvelope)
      + [methodCodec.encodeMethodCall(MethodCall("pigeon", SeedValues.extensions[1]))]
      + golden.requests.map(\.bytes) + golden.replies
      + nonMinimal.map { [0x00] + $0 } + nonMinimal.map { [0x07, 0x01, 0x6D] + $0 }
  }

  static func json(_ golden: GoldenSeeds) -> [[UInt8]] {
    let values = SeedValues.all + SeedValues.extensions + golden.values
    let printed = values.map { Array(ChannelJSON.print($0).utf8) }
    let calls = SeedValues.calls.map { Array(ChannelJSON.print(ChannelJSON.value(of: $0)).utf8) }
    let envelopes = SeedValues.envelopes.map {
      Array(ChannelJSON.print(ChannelJSON.value(of: $0)).utf8)
    }
    let hex = (SeedValues.calls.prefix(3).map(methodCodec.encodeMethodCall)).map {
      Array(Hex.encode($0).utf8)
    }
    return SeedValues.jsonTexts.map { Array($0.utf8) } + printed + calls + envelopes + hex
      + golden.lines.map { Array($0.utf8) }
  }

  /// Byte streams for the harness's stdin: whole sessions, odd frames, and broken endings.
  static func frame(_ golden: GoldenSeeds) -> [[UInt8]] {
    var requests: [(channel: String, bytes: [UInt8])] =
      SeedValues.calls.map { ("healthkit_permissions", methodCodec.encodeMethodCall($0)) }
    requests += [
      ("hkbridge/control", methodCodec.encodeMethodCall(MethodCall("reset"))),
      ("some.basic.channel", codec.encode(.object([("any", "value")]))),
      ("healthkit_permissions", [0x07, 0x03, 0x61]),
    ]
    requests += golden.requests
    var seeds: [[UInt8]] = []
    var session: [UInt8] = []
    for (index, request) in requests.enumerated() {
      let frame = Frames.frame(
        kind: 0x01, id: UInt32(index + 1), channel: request.channel, payload: request.bytes)
      seeds.append(frame)
      if session.count < 16_384 { session += frame }
    }
    seeds.append(session)
    let call = methodCodec.encodeMethodCall(MethodCall("isAvailable"))
    let one = Frames.frame(kind: 0x01, id: 7, channel: "healthkit_permissions", payload: call)
    seeds += [
      Frames.frame(kind: 0x01, flags: 0x01, id: 2, channel: "healthkit_permissions", payload: []),
      Frames.frame(kind: 0x04, id: 3, channel: "", payload: codec.encode(.null)),
      Frames.frame(kind: 0x01, id: 4, channel: "unknown.channel", payload: []),
      Frames.frame(kind: 0x09, id: 5, channel: "x", payload: [1, 2]),
      Frames.frame(kind: 0x01, flags: 0x01, id: 6, channel: "c", payload: [1]),
      Frames.body([0x01, 0x00, 0x01]),
      Frames.body([0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0xFF, 0x00, 0x41]),
      Frames.body([0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0xC3, 0x28]),
      one + Array(one.prefix(6)),
      [0x00, 0x00, 0x00, 0x00] + one,
      [0x00, 0x00, 0x01, 0x00] + Array(repeating: 0x41, count: 64) + one,
      [0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0x00] + one,
      one + one + one,
    ]
    return seeds
  }
}

/// Harness frames (protocol/frames.md): uint32 LE length, kind, flags, id, channel length, channel,
/// payload.
enum Frames {
  static func frame(kind: UInt8, flags: UInt8 = 0, id: UInt32, channel: String, payload: [UInt8])
    -> [UInt8]
  {
    let name = Array(channel.utf8)
    var body: [UInt8] = [kind, flags]
    body += withUnsafeBytes(of: id.littleEndian, Array.init)
    body += withUnsafeBytes(of: UInt16(name.count).littleEndian, Array.init)
    return Self.body(body + name + payload)
  }

  static func body(_ body: [UInt8]) -> [UInt8] {
    withUnsafeBytes(of: UInt32(body.count).littleEndian, Array.init) + body
  }
}
