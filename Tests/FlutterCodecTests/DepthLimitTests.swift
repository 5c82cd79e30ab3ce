import Testing

@testable import FlutterCodec

@Test func probe512() throws {
  let bytes =
    [UInt8](repeating: 0x0c, count: 0) + Array(repeating: [0x0c, 0x01], count: 512).flatMap { $0 }
    + [0]
  let v = try StandardMessageCodec().decode(bytes)
  #expect(StandardMessageCodec().encode(v) == bytes)
}
