import Testing

@testable import hkbridge_bench

/// The serve bench's paired rounds: each side's time a round trip, and the fastest run of a side
/// (the pipelined figure's best round beside the echo's best).
@Suite struct ServeRoundsTests {
  static func run(_ roundTrips: Int, _ nanoseconds: UInt64) -> ServeBench.Run {
    ServeBench.Run(
      value: FrameDriver.Outcome(roundTrips: roundTrips, nanoseconds: nanoseconds, failure: nil))
  }

  @Test func roundsAreTakenFromTheCommandLine() {
    #expect(Options.parse(["--only", "serve", "--rounds", "9"]).serveRounds == 9)
    #expect(Options.parse(["--quick"]).serveRounds == nil)
  }

  /// `--frames COUNT` asks for serve's input instead of a run; the frames are the serve
  /// section's, with ids counting from 1 (pinned: length 0x2b, MESSAGE, id 1, channel 21 bytes).
  @Test func framesForCallgrindAreTheServeSectionsInput() {
    #expect(Options.parse(["--frames", "120000"]).frames == 120_000)
    #expect(Options.parse([]).frames == nil)
    let two = Frames.isAvailableBatch(count: 2)
    #expect(two.count == 2 * 47)
    #expect(Array(two.prefix(12)) == [0x2b, 0, 0, 0, 0x01, 0x00, 1, 0, 0, 0, 0x15, 0x00])
    #expect(Array(two[47..<59]) == [0x2b, 0, 0, 0, 0x01, 0x00, 2, 0, 0, 0, 0x15, 0x00])
    #expect(Array(two[12..<33]) == Array("healthkit_permissions".utf8))
    #expect(Array(two[33..<47]) == [0x07, 0x0b] + Array("isAvailable".utf8) + [0x00])
  }

  @Test func nanosecondsEachRoundTrip() {
    #expect(ServeBench.nanosecondsEach(Self.run(1_000, 50_000).value!) == 50)
    // No round trip: the time itself, not a division by zero.
    #expect(ServeBench.nanosecondsEach(Self.run(0, 70).value!) == 70)
  }

  @Test func theFastestRunThatSucceeded() {
    let runs = [
      ServeBench.Run(problem: "peer exited"), Self.run(1_000, 100_000), Self.run(1_000, 40_000),
      Self.run(1_000, 90_000),
    ]
    #expect(ServeBench.best(runs).value?.nanoseconds == 40_000)
  }

  @Test func noRunSucceededGivesTheFirstFailure() {
    let runs = [ServeBench.Run(problem: "first"), ServeBench.Run(problem: "second")]
    #expect(ServeBench.best(runs).value == nil)
    #expect(ServeBench.best(runs).problem == "first")
    #expect(ServeBench.best([]).problem == "not run")
  }

  /// Echo's time over serve's: 40 ns an echo beside 80 ns a call is 50 % of echo.
  @Test func roundsJudgeServeAgainstEcho() {
    var paired = PairedRounds()
    paired.add(
      ours: ServeBench.nanosecondsEach(Self.run(1_000, 80_000).value!),
      peer: ServeBench.nanosecondsEach(Self.run(1_000, 40_000).value!))
    paired.add(
      ours: ServeBench.nanosecondsEach(Self.run(1_000, 100_000).value!),
      peer: ServeBench.nanosecondsEach(Self.run(1_000, 25_000).value!))
    #expect(paired.bestRatio == 25.0 / 80.0)
    #expect(paired.ratios == [0.5, 0.25])
  }
}
