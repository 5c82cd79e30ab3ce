import ChannelJSON
import Foundation
import HKBridgeCLI
import Testing

/// `serve --jsonl` accepts arguments as deep as frames, `--record` and `replay` do
/// (protocol/text-mode.md).
@Suite struct JSONLDepthParityTests {
  init() { Composition.install() }
  @Test(arguments: [511, 512])
  func argumentsNestedAsDeepAsTheCodecAllowsAreServed(depth: Int) throws {
    let args = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let line = #"{"call": {"method": "isAvailable", "args": \#(args)}}"# + "\n"
    let result = try BinaryRunner.run(["serve", "--jsonl"], input: Array(line.utf8))
    #expect(result.status == 0)
    let last = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").last ?? ""
    let value = try ChannelJSON.parse(String(last), wrapperDepth: 3)
    // Served (isAvailable refuses arguments), not refused as a line too deep to read.
    #expect(value["reply"]?["error"]?["code"] == "INVALID_ARGUMENTS")
    #expect(value["reply"]?["error"]?["details"] == ["field": "args"])
    #expect(value["error"] == nil)
  }
}
