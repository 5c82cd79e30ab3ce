import HKBridgeCLI
import Harness
import Testing

/// The input buffer of ``FrameServer`` grows with the bytes that arrive, not with the length a
/// frame declares: a declared 4 GiB frame within `--max-frame` must not make the server allocate
/// 4 GiB (under a virtual-memory limit that allocation failed and the process died of SIGABRT).
@Suite struct RobustnessFrameServerTests {
  init() { Composition.install() }
  /// Length 0xffffffff, then a MESSAGE header (id 99, empty channel) and `count` body bytes.
  func hugeFrameStart(bodyBytes count: Int) -> [UInt8] {
    [0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0x00, 0x63, 0x00, 0x00, 0x00, 0x00, 0x00]
      + [UInt8](repeating: 0x5A, count: count)
  }

  @Test func declaredLengthWithinMaxFrameIsNotAllocatedUpFront() {
    let server = FrameServer(
      handler: FakeHandler(), maxFrame: Int(UInt32.max), logger: Logger(level: .quiet))
    server.feed(hugeFrameStart(bodyBytes: 1 << 20))
    // 1 MiB + 12 bytes arrived: the buffer may double past that, never approach 4 GiB.
    #expect(server.inputCapacity <= 4 << 20, "capacity \(server.inputCapacity)")
    #expect(server.isInsideFrame)
    #expect(server.takeOutput().isEmpty)
  }

  @Test func aWholeLargeFrameStillArrivesAndIsServed() {
    // 3 MiB of payload within a 4 MiB limit: the growing buffer ends up holding the whole frame.
    let handler = FakeHandler()
    let server = FrameServer(handler: handler, maxFrame: 4 << 20, logger: Logger(level: .quiet))
    let channel = Array(FakeHandler.channel.utf8)
    let payload = [UInt8](repeating: 0x00, count: 3 << 20)
    let bodyLength = 8 + channel.count + payload.count
    let length: [UInt8] = [
      UInt8(bodyLength & 0xFF), UInt8(bodyLength >> 8 & 0xFF), UInt8(bodyLength >> 16 & 0xFF),
      UInt8(bodyLength >> 24),
    ]
    let header: [UInt8] = [0x01, 0x00, 0x05, 0x00, 0x00, 0x00, UInt8(channel.count), 0x00]
    server.feed(length + header + channel + payload)
    #expect(!server.isInsideFrame)
    let frames = splitFrames(server.takeOutput())
    #expect(frames.map(\.kind) == [.reply])
    #expect(frames.map(\.id) == [5])
  }
}
