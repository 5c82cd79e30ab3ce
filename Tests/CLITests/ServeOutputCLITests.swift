import HKBridgeCLI
import Testing

/// `serve`'s write errors (protocol/frames.md, "Exit status"): only EPIPE means the
/// reader left (status 0, silent); any other stdout error is status 1 with a message; a failing
/// `--record` file is warned about and serving goes on.
@Suite struct ServeOutputCLITests {
  init() { Composition.install() }
  /// `count` MESSAGE frames calling `isAvailable` on the plugin channel (every byte is ASCII, so
  /// the frames travel as a String).
  static func isAvailableFrames(_ count: Int) -> String {
    let channel = Array("healthkit_permissions".utf8)
    let payload: [UInt8] = [0x07, 0x0B] + Array("isAvailable".utf8) + [0x00]
    var bytes: [UInt8] = []
    for id in 1...count {
      let body = 8 + channel.count + payload.count
      bytes += [UInt8(body), 0, 0, 0, 0x01, 0x00, UInt8(id & 0x7F), 0, 0, 0]
      bytes += [UInt8(channel.count), 0] + channel + payload
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func aFullDiskIsAnErrorWithAMessage() throws {
    let result = try hkbridge(
      ["serve"], stdin: Self.isAvailableFrames(3), stdout: .path("/dev/full"))
    #expect(result.status == 1)
    #expect(result.stderr.contains("hkbridge serve: cannot write stdout: No space left on device"))
  }

  @Test func aClosedStdoutIsAnErrorWithAMessage() throws {
    let result = try hkbridge(["serve"], stdin: Self.isAvailableFrames(3), stdout: .closed)
    #expect(result.status == 1)
    #expect(result.stderr.contains("hkbridge serve: cannot write stdout: Bad file descriptor"))
  }

  @Test func aReaderThatLeftEndsServingQuietly() throws {
    let result = try hkbridge(["serve"], stdin: Self.isAvailableFrames(3), stdout: .brokenPipe)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
  }

  @Test func aFailingRecordingIsWarnedAboutOnceAndServingGoesOn() throws {
    let result = try hkbridge(
      ["serve", "--record", "/dev/full"], stdin: Self.isAvailableFrames(3))
    // HELLO (4 + 8 + 0 + the map) and three replies of 4 + 8 + 21 + 2 bytes each.
    #expect(result.stdout.utf8.count > 3 * 35)
    let warnings = result.stderr.split(separator: "\n").filter {
      $0.contains("warning: /dev/full: cannot write the recording: No space left on device")
    }
    #expect(warnings.count == 1, "\(result.stderr)")
    #expect(result.stderr.contains("serving goes on without recording"))
    #expect(result.status == 1)
  }
}
