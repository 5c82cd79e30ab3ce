import HKBridgeCLI
import Testing

/// The top-level `--help` names every way of serving, not the default channel alone (issue 31).
@Suite struct HelpCLITests {
  init() { Composition.install() }
  @Test func theOverviewNamesProfilesAndCustomChannels() throws {
    let result = try hkbridge(["--help"])
    #expect(result.status == 0)
    for part in ["--channel", "--profile", "health_kit_reporter", "--custom-channel"] {
      #expect(result.stdout.contains(part), "\(part)")
    }
  }
}
