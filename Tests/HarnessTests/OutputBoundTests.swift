import FlutterCodec
import HKBridgeCLI
import Harness
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Pending replies are written out once they pass the bound, in the middle of a read chunk, so
/// that memory follows the bound and not the replies of a whole chunk; small replies still leave
/// in one write.
@Suite struct OutputBoundTests {
  init() { Composition.install() }
  final class Writes {
    init() { Composition.install() }
    var chunks: [[UInt8]] = []
    var failWith: Int32?
  }

  static func server(_ writes: Writes) -> (FrameServer, FakeHandler) {
    let handler = FakeHandler()
    let server = FrameServer(handler: handler, logger: Logger(level: .quiet))
    server.outputWriter = { bytes in
      writes.chunks.append(Array(bytes))
      return writes.failWith
    }
    return (server, handler)
  }

  /// `count` echo calls with a string argument of `size` bytes, ids 1…count, in one block.
  static func echoes(_ count: Int, size: Int) -> [UInt8] {
    let text = String(repeating: "x", count: size)
    return (1...count).flatMap { id in
      messageFrame(UInt32(id), FakeHandler.channel, callPayload("echo", .string(text)))
    }
  }

  @Test func bigRepliesLeaveOnceThePendingOutputPassesTheBound() {
    let writes = Writes()
    let (server, _) = Self.server(writes)
    let replySize = 300_000
    server.feed(Self.echoes(10, size: replySize))
    // 1 MiB is passed by the 4th reply (4 x ~300 kB), then by the 8th: two writes while the
    // chunk is served, two replies left for the serve loop's own write.
    #expect(writes.chunks.count == 2)
    for chunk in writes.chunks {
      #expect(chunk.count >= FrameServer.defaultOutputFlushThreshold)
      #expect(chunk.count < FrameServer.defaultOutputFlushThreshold + replySize + 100)
    }
    #expect(server.flushPendingOutput())
    #expect(writes.chunks.count == 3)
    let frames = splitFrames(writes.chunks.flatMap { $0 })
    #expect(frames.map(\.id) == Array(1...10))
    #expect(!server.hasOutput)
  }

  @Test func smallRepliesStayInOneWrite() {
    let writes = Writes()
    let (server, _) = Self.server(writes)
    server.feed(
      (1...1_000).flatMap { messageFrame(UInt32($0), FakeHandler.channel, callPayload("count")) })
    #expect(writes.chunks.isEmpty)
    #expect(server.flushPendingOutput())
    #expect(writes.chunks.count == 1)
    #expect(splitFrames(writes.chunks[0]).count == 1_000)
  }

  @Test func aFailedWriteStopsServingTheRestOfTheChunk() {
    let writes = Writes()
    writes.failWith = EPIPE
    let (server, handler) = Self.server(writes)
    server.feed(Self.echoes(10, size: 300_000))
    #expect(server.outputFailure == EPIPE)
    #expect(handler.calls.count == 4)
    #expect(!server.flushPendingOutput())
    #expect(writes.chunks.count == 1)
  }
}
