import HKBridgeCLI
import Testing

/// `serve --log-level debug` names the method, a summary of the arguments and the reply's code
/// of every call.
@Suite struct DebugLogTests {
  init() { Composition.install() }
  @Test func everyCallIsLoggedWithItsArgumentsAndReplyCode() throws {
    var input: [UInt8] = []
    input += messageFrame(1, "healthkit_permissions", callPayload("isAvailable"))
    input += messageFrame(2, "healthkit_permissions", callPayload("readRecords", ["type": "steps"]))
    input += messageFrame(3, "healthkit_permissions", callPayload("noSuchMethod"))
    input += messageFrame(4, "hkbridge/control", callPayload("advanceClock", ["ms": 5]))
    input += messageFrame(5, "healthkit_permissions", [0xFF])
    let long = String(repeating: "a", count: 400)
    input += messageFrame(6, "healthkit_permissions", callPayload("isAvailable", .string(long)))
    let result = try BinaryRunner.run(["serve", "--log-level", "debug"], input: input)
    #expect(result.status == 0)
    let lines = result.stderr.split(separator: "\n").map(String.init)
    let prefix = "hkbridge serve: debug: "
    for expected in [
      "MESSAGE 1 on healthkit_permissions: isAvailable null -> ok (2 bytes)",
      #"MESSAGE 2 on healthkit_permissions: readRecords {"type": "steps"} -> "#
        + "error AUTHORIZATION_NOT_DETERMINED",
      "MESSAGE 3 on healthkit_permissions: noSuchMethod null -> null reply (not implemented)",
      #"MESSAGE 4 on hkbridge/control: advanceClock {"ms": 5} -> ok"#,
      "MESSAGE 5 on healthkit_permissions: 1 bytes that are not a method call -> "
        + "error MALFORMED_MESSAGE",
    ] {
      #expect(lines.contains { $0.hasPrefix(prefix + expected) }, "\(expected)\n\(result.stderr)")
    }
    // Long arguments are cut at 160 characters: the quote and 159 letters, then "…"; isAvailable
    // takes no arguments, so the reply is a refusal.
    let cut =
      "isAvailable \"" + String(repeating: "a", count: 159) + "… -> error INVALID_ARGUMENTS"
    #expect(lines.contains { $0.contains(cut) }, "\(result.stderr)")
  }
}
