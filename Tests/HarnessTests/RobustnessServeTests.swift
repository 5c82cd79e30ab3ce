import Foundation
import HKBridgeCLI
import Testing

/// `hkbridge serve` fed random bytes, cut-off frames, huge declared lengths and a reader that
/// goes away: it answers what it can and ends with a documented exit status (0 at a frame
/// boundary or when stdout is closed, 3 inside a frame), never by a signal, and never holds an
/// oversize frame in memory (protocol/frames.md).
@Suite struct RobustnessServeTests {
  init() { Composition.install() }
  static let helloKind: UInt8 = 0x00
  static let replyKind: UInt8 = 0x02
  static let protocolErrorKind: UInt8 = 0x7F
  /// A success envelope holding `true`: `isAvailable` on the default iPhone.
  static let availableReply: [UInt8] = [0x00, 0x01]
  /// Peak memory allowed while a huge frame streams past (the debug binary idles near 20 MB).
  static let memoryCeiling = 100 * 1024 * 1024

  /// A stream of framed items, each chosen by the seed: known calls (ids 0xABC0_0000 + i), random
  /// payloads on the method channels and others, random bodies, random kinds, null payloads with
  /// and without bytes, oversize frames (with `--max-frame 256`), and for odd seeds a last frame
  /// cut short. Returns the stream, the ids of the known calls, and whether it ends inside a frame.
  static func framedStream(seed: UInt64) -> (bytes: [UInt8], known: [UInt32], cut: Bool) {
    var random = RobustnessRandom(state: seed)
    var bytes: [UInt8] = []
    var known: [UInt32] = []
    let channels = ["healthkit_permissions", "hkbridge/control", "other.channel", ""]
    for index in 0..<(20 + random.below(40)) {
      let id = UInt32(truncatingIfNeeded: random.next())
      let channel = channels[random.below(channels.count)]
      switch random.below(7) {
      case 0:
        let knownID = 0xABC0_0000 + UInt32(index)
        known.append(knownID)
        bytes += RobustnessWire.isAvailable(id: knownID)
      case 1:
        bytes += RobustnessWire.frame(
          kind: 0x01, id: id, channel: channel, payload: random.bytes(random.below(48)))
      case 2:
        let body = random.bytes(random.below(32))
        bytes += RobustnessWire.uint32(UInt32(body.count)) + body
      case 3:
        bytes += RobustnessWire.frame(
          kind: UInt8(truncatingIfNeeded: random.next()), id: id, channel: channel,
          payload: random.bytes(random.below(16)))
      case 4:
        bytes += RobustnessWire.frame(
          kind: 0x01, flags: 0x01, id: id, channel: channel,
          payload: random.below(2) == 0 ? [] : [0x00])
      case 5:
        let body = random.bytes(257 + random.below(400))
        bytes += RobustnessWire.uint32(UInt32(body.count)) + body
      default:
        bytes += RobustnessWire.frame(
          kind: 0x04, id: id, channel: channel, payload: random.bytes(random.below(8)))
      }
    }
    let cut = seed % 2 == 1
    if cut {
      let last = RobustnessWire.isAvailable(id: 1)
      bytes += last.prefix(1 + random.below(last.count - 1))
    }
    return (bytes, known, cut)
  }

  @Test(arguments: 1...8 as ClosedRange<UInt64>)
  func randomFramedStreamsAreServedToTheEnd(seed: UInt64) throws {
    let stream = Self.framedStream(seed: seed)
    let session = try RobustnessSession(["serve", "--max-frame", "256", "--log-level", "quiet"])
    session.write(stream.bytes)
    let end = session.finish()
    #expect(end.exitedNormally, "killed by a signal (\(end.status)), seed \(seed)")
    #expect(end.status == (stream.cut ? 3 : 0), "seed \(seed): \(end.stderr)")
    let frames = try #require(RobustnessWire.frames(end.stdout), "seed \(seed)")
    #expect(frames.first?.kind == Self.helloKind)
    #expect(
      frames.dropFirst().allSatisfy {
        $0.kind == Self.replyKind || $0.kind == Self.protocolErrorKind
      })
    let knownReplies = frames.filter { $0.kind == Self.replyKind && stream.known.contains($0.id) }
    #expect(knownReplies.map(\.id) == stream.known, "seed \(seed)")
    #expect(knownReplies.allSatisfy { $0.payload == Self.availableReply })
  }

  /// Bytes with no framing at all: the first length is whatever the bytes say.
  @Test(arguments: 11...16 as ClosedRange<UInt64>)
  func unframedRandomBytesEndCleanly(seed: UInt64) throws {
    var random = RobustnessRandom(state: seed)
    let session = try RobustnessSession(["serve", "--max-frame", "64", "--log-level", "quiet"])
    session.write(random.bytes(2048 + random.below(8192)))
    let end = session.finish()
    #expect(end.exitedNormally, "killed by a signal (\(end.status)), seed \(seed)")
    #expect(end.status == 0 || end.status == 3, "seed \(seed): \(end.stderr)")
    let frames = try #require(RobustnessWire.frames(end.stdout), "seed \(seed)")
    #expect(frames.first?.kind == Self.helloKind)
  }

  /// The second of two calls cut inside its length (1, 3), right after it (4), inside the header
  /// (6, 9), and one byte short of its end: the first is answered, then exit 3 with a message.
  @Test(arguments: [1, 3, 4, 6, 9, 46])
  func inputEndingInsideAFrameExitsThree(cutAfter: Int) throws {
    let second = RobustnessWire.isAvailable(id: 2)
    #expect(second.count == 47)
    let session = try RobustnessSession(["serve"])
    session.write(RobustnessWire.isAvailable(id: 1) + second.prefix(cutAfter))
    let end = session.finish()
    #expect(end.exitedNormally)
    #expect(end.status == 3)
    #expect(end.stderr.contains("inside a frame"))
    let frames = try #require(RobustnessWire.frames(end.stdout))
    #expect(frames.map(\.kind) == [Self.helloKind, Self.replyKind])
    #expect(frames.last?.id == 1)
    #expect(frames.last?.payload == Self.availableReply)
  }

  /// A frame one byte over the default 64 MiB limit, streamed whole: PROTOCOL_ERROR with its id,
  /// the body skipped as it arrives (peak memory stays far below 64 MiB), and the next call is
  /// answered; end of input on the boundary after it exits 0.
  @Test func oversizeFrameIsSkippedWithoutBeingHeld() throws {
    let length = 64 * 1024 * 1024 + 1
    let header: [UInt8] = [0x01, 0x00] + RobustnessWire.uint32(77) + [0x00, 0x00]
    let session = try RobustnessSession(["serve"])
    #expect(session.write(RobustnessWire.uint32(UInt32(length)) + header))
    #expect(session.writeZeros(length - header.count))
    #expect(session.write(RobustnessWire.isAvailable(id: 78)))
    let peak = try #require(session.peakResidentBytes())
    #expect(peak < Self.memoryCeiling, "VmHWM \(peak) bytes")
    let end = session.finish()
    #expect(end.exitedNormally)
    #expect(end.status == 0, "\(end.stderr)")
    let frames = try #require(RobustnessWire.frames(end.stdout))
    #expect(frames.map(\.kind) == [Self.helloKind, Self.protocolErrorKind, Self.replyKind])
    #expect(frames.map(\.id) == [0, 77, 78])
    #expect(frames.last?.payload == Self.availableReply)
  }

  /// A declared 4 GiB - 1 frame, over the default limit and within `--max-frame 4294967295`:
  /// after 16 MiB of its body the peak memory is still bounded (the declared size is not
  /// allocated and filled); input ending inside it exits 3, never a signal.
  @Test(arguments: [nil, "4294967295"] as [String?])
  func hugeDeclaredFrameKeepsMemoryBounded(maxFrame: String?) throws {
    let arguments = ["serve"] + (maxFrame.map { ["--max-frame", $0] } ?? [])
    let header: [UInt8] = [0x01, 0x00] + RobustnessWire.uint32(99) + [0x00, 0x00]
    let session = try RobustnessSession(arguments)
    #expect(session.write(RobustnessWire.uint32(.max) + header))
    #expect(session.writeZeros(16 * 1024 * 1024))
    let peak = try #require(session.peakResidentBytes())
    #expect(peak < Self.memoryCeiling, "VmHWM \(peak) bytes")
    let end = session.finish()
    #expect(end.exitedNormally)
    #expect(end.status == 3)
    let frames = try #require(RobustnessWire.frames(end.stdout))
    if maxFrame == nil {
      #expect(frames.map(\.kind) == [Self.helloKind, Self.protocolErrorKind])
      #expect(frames.last?.id == 99)
    } else {
      #expect(frames.map(\.kind) == [Self.helloKind])
    }
  }

  /// The same declared 4 GiB - 1 frame within `--max-frame 4294967295`, under a 1 GiB
  /// virtual-memory limit (the binary needs under 100 MB): allocating the declared size would fail
  /// and kill the process with SIGABRT; growing with the bytes that arrive, it ends with exit 3.
  @Test func hugeDeclaredFrameUnderAMemoryLimitDoesNotAbort() throws {
    let header: [UInt8] = [0x01, 0x00] + RobustnessWire.uint32(98) + [0x00, 0x00]
    let session = try RobustnessSession(
      ["serve", "--max-frame", "4294967295"], virtualMemoryLimitKB: 1 << 20)
    session.write(RobustnessWire.uint32(.max) + header)
    session.writeZeros(4 * 1024 * 1024)
    let end = session.finish()
    #expect(end.exitedNormally, "killed by signal \(end.status): \(end.stderr.prefix(200))")
    #expect(end.status == 3)
    let frames = try #require(RobustnessWire.frames(end.stdout))
    #expect(frames.map(\.kind) == [Self.helloKind])
  }

  /// The reader closes stdout at once; the host's writes fail (EPIPE, not SIGPIPE) and it ends
  /// with status 0 whatever the input still holds.
  @Test(arguments: [false, true])
  func closedStdoutEndsWithoutASignal(randomInput: Bool) throws {
    var random = RobustnessRandom(state: 99)
    let session = try RobustnessSession(["serve"], readStdout: false)
    for id in 1...2000 { session.write(RobustnessWire.isAvailable(id: UInt32(id))) }
    if randomInput { session.write(random.bytes(4096)) }
    let end = session.finish()
    #expect(end.exitedNormally, "killed by signal \(end.status)")
    #expect(end.status == 0)
  }
}
