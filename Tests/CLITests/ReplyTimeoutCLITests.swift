import HKBridgeCLI
import Testing

/// `--reply-timeout` (an option of the group `serve` and `replay` share) takes seconds from
/// 0.001 to 86400 and refuses others with exit 2, naming the range, on both commands.
@Suite struct ReplyTimeoutCLITests {
  init() { Composition.install() }

  @Test(arguments: [["serve"], ["replay", "golden/health-errors.jsonl"]], ["0", "86401"])
  func aTimeoutOutsideTheRangeIsRefused(command: [String], seconds: String) throws {
    let result = try hkbridge(command + ["--reply-timeout", seconds])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.contains(
        "--reply-timeout \(Double(seconds)!): expected seconds from 0.001 to 86400 (a day)"))
  }

  @Test func aValueThatIsNoNumberIsRefused() throws {
    let result = try hkbridge(["serve", "--reply-timeout", "soon"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("The value 'soon' is invalid for '--reply-timeout"))
  }

  @Test func theEndsOfTheRangeAreAccepted() throws {
    #expect(try hkbridge(["serve", "--reply-timeout", "0.001"]).status == 0)
    #expect(try hkbridge(["serve", "--reply-timeout", "86400"]).status == 0)
  }
}
