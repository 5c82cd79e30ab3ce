import Foundation
import HKBridgeCLI
import Testing

/// `hkbridge --version`: the version alone on the first line (what scripts read and what release
/// archives are named after), then the frame protocol's version, then the commit
/// (protocol/release.md).
@Suite("hkbridge --version")
struct VersionCLITests {
  init() { Composition.install() }
  @Test("three lines: version, protocol, commit")
  func format() throws {
    let result = try hkbridge(["--version"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    try #require(lines.count == 4, "\(result.stdout)")
    // HELLO's `emulator` in protocol/frames.md is 0.1.0; HELLO's `protocol` is 1.
    #expect(lines[0] == "0.1.0")
    #expect(lines[1] == "protocol 1")
    // A development build does not know its commit; scripts/package writes a full sha.
    let commit = lines[2]
    let sha = commit.dropFirst("commit ".count)
    #expect(commit.hasPrefix("commit "))
    #expect(
      sha == "unknown"
        || (sha.count == 40 && sha.allSatisfy { "0123456789abcdef".contains($0) }),
      "\(commit)")
    #expect(lines[3].isEmpty)
  }

  @Test("a development build in a git checkout names the commit checked out there")
  func checkoutCommit() throws {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let git = Process()
    let output = Pipe()
    git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    git.arguments = ["git", "-C", root.path, "rev-parse", "HEAD"]
    git.standardOutput = output
    git.standardError = FileHandle.nullDevice
    guard (try? git.run()) != nil else { return }  // no git: nothing to compare with
    git.waitUntilExit()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let sha = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard git.terminationStatus == 0, sha.count == 40 else { return }  // not a checkout
    let lines = try hkbridge(["--version"]).stdout.split(separator: "\n")
    try #require(lines.count == 3)
    #expect(lines[2] == "commit \(sha)")
  }

  @Test("the first line is the version HELLO announces as `emulator`")
  func matchesHello() throws {
    let version = try #require(
      try hkbridge(["--version"]).stdout.split(separator: "\n").first.map(String.init))
    let served = try hkbridge(["serve"], stdin: "")
    #expect(served.status == 0, "\(served.stderr)")
    let hello = Array(served.stdout.utf8)
    // StandardMessageCodec in HELLO: the key "emulator" (0x07, length 8), then its value as a
    // string (0x07, length, UTF-8); the key "protocol" then the int32 1 (0x03, 01 00 00 00).
    let expectedEmulator =
      [0x07, 0x08] + Array("emulator".utf8) + [0x07, UInt8(version.utf8.count)]
      + Array(version.utf8)
    let expectedProtocol = [0x07, 0x08] + Array("protocol".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]
    #expect(contains(hello, expectedEmulator), "HELLO does not carry emulator \(version)")
    #expect(contains(hello, expectedProtocol), "HELLO does not carry protocol 1")
  }

  private func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
    guard part.count <= bytes.count else { return false }
    return (0...(bytes.count - part.count)).contains { Array(bytes[$0..<$0 + part.count]) == part }
  }
}
