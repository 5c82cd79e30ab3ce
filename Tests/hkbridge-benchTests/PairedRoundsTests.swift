import Testing

@testable import hkbridge_bench

/// Times in these tests are chosen so that every ratio and median can be worked out by hand.
@Suite struct PairedRoundsTests {
  static func rounds(_ ours: [Double], _ peer: [Double?]) -> PairedRounds {
    var rounds = PairedRounds()
    for (mine, theirs) in zip(ours, peer) { rounds.add(ours: mine, peer: theirs) }
    return rounds
  }

  @Test func bestAgainstBestAndTheMedianOfTheRounds() {
    // Rounds: 500/100 = 5, 480/80 = 6, 700/200 = 3.5.
    let r = Self.rounds([100, 80, 200], [500, 480, 700])
    #expect(r.oursBest == 80)
    #expect(r.oursMedian == 100)
    #expect(r.peerBest == 480)
    #expect(r.bestRatio == 6)
    #expect(r.ratios == [5, 6, 3.5])
    #expect(r.medianRatio == 5)
  }

  /// The best of each side may come from different rounds: 400/100 = 4 here, while no round's
  /// own ratio is 4.
  @Test func bestsFromDifferentRounds() {
    let r = Self.rounds([100, 200, 300], [600, 400, 900])
    #expect(r.bestRatio == 4)
    #expect(r.ratios == [6, 2, 3])
    #expect(r.medianRatio == 3)
  }

  /// A round where the peer gave nothing counts for our side only; an even number of ratios has
  /// the mean of its middle two as median.
  @Test func roundWithoutThePeer() {
    let r = Self.rounds([100, 50, 200, 40], [400, nil, 600, 100])
    #expect(r.oursBest == 40)
    #expect(r.oursMedian == 75)
    #expect(r.peerBest == 100)
    #expect(r.bestRatio == 2.5)
    #expect(r.ratios == [4, 3, 2.5])
    #expect(r.medianRatio == 3)
  }

  @Test func noPeerAtAll() {
    let r = Self.rounds([30, 20], [nil, nil])
    #expect(r.oursBest == 20)
    #expect(r.oursMedian == 25)
    #expect(r.peerBest == nil)
    #expect(r.bestRatio == nil)
    #expect(r.ratios.isEmpty)
    #expect(r.medianRatio == nil)
  }

  /// A zero time of ours (a clock that did not move) gives no ratio rather than infinity.
  @Test func zeroTimeGivesNoRatio() {
    let r = Self.rounds([0, 10], [50, 40])
    #expect(r.bestRatio == nil)
    #expect(r.ratios == [4])
  }

  @Test func median() {
    #expect(PairedRounds.median([]) == nil)
    #expect(PairedRounds.median([7]) == 7)
    #expect(PairedRounds.median([4, 1, 3, 2]) == 2.5)
    #expect(PairedRounds.median([9, 1, 5]) == 5)
  }
}

@Suite struct CodecPeersFigureTests {
  static func target(_ workload: String) -> CodecPeers.Target {
    CodecPeers.targets.first { $0.workload == workload }!
  }

  /// Judged best against best (2,600 / 500 = 5.2 ≥ 5) although the median of the rounds' ratios
  /// (5.2, 4,000 / 900 = 4.44, 4,800 / 1,000 = 4.8) is 4.8.
  @Test func ratioJudgedBestAgainstBest() {
    let rounds = PairedRoundsTests.rounds(
      [500_000, 900_000, 1_000_000], [2_600_000, 4_000_000, 4_800_000])
    let figure = CodecPeers.figure(Self.target("reply-decode"), rounds: rounds)
    #expect(figure.result == "5.20x (the peer)")
    #expect(figure.target == ">= 5.0x the peer")
    #expect(figure.verdict == .met)
    #expect(
      figure.detail
        == "best of 3 paired rounds: ours 500.0 us (median 900.0 us), flutter-glib-peer "
        + "2,600.0 us; rounds 5.20x 4.44x 4.80x, median 4.80x")
  }

  @Test func ratioMissed() {
    // 1,000 / 500 = 2.0 < 2.5.
    let rounds = PairedRoundsTests.rounds([500_000, 600_000], [1_000_000, 1_800_000])
    let figure = CodecPeers.figure(Self.target("reply-encode"), rounds: rounds)
    #expect(figure.result == "2.00x (the peer)")
    #expect(figure.verdict == .missed)
  }

  /// The small call is judged by our best time (35 ns ≤ 40); the median of our rounds (41 ns)
  /// and the rounds' ratios (125/35, 130/62, 129/41) are shown.
  @Test func nanosecondsJudgedByOurBest() {
    let rounds = PairedRoundsTests.rounds([35, 62, 41], [125, 130, 129])
    let figure = CodecPeers.figure(Self.target("call-encode"), rounds: rounds)
    #expect(figure.result == "35.0 ns (3.57x, the peer)")
    #expect(figure.target == "<= 40 ns")
    #expect(figure.verdict == .met)
    #expect(
      figure.detail
        == "best of 3 paired rounds: ours 35.0 ns (median 41.0 ns), flutter-cpp-peer 125.0 ns; "
        + "rounds 3.57x 2.10x 3.15x, median 3.15x")
  }

  @Test func nanosecondsMissed() {
    let rounds = PairedRoundsTests.rounds([45, 41], [100, 90])
    #expect(CodecPeers.figure(Self.target("call-decode"), rounds: rounds).verdict == .missed)
  }

  /// Without the peer the ratio is the recorded instruction counts' (799 / 179 = 4.46).
  @Test func withoutThePeer() {
    let rounds = PairedRoundsTests.rounds([18, 17, 17.5], [nil, nil, nil])
    let figure = CodecPeers.figure(Self.target("call-decode"), rounds: rounds)
    #expect(figure.result == "17.0 ns (4.46x, recorded instructions)")
    #expect(figure.verdict == .met)
    #expect(
      figure.detail
        == "no time from the peer (no --peers DIR or HKBRIDGE_CODEC_PEERS, or it failed); "
        + "recorded instructions an operation: flutter-cpp-peer 799, ours 179 (4.46x); best of 3 "
        + "rounds: ours 17.0 ns (median 17.5 ns)")
  }

  /// A peer's output: its heading is skipped, each workload's best is kept.
  @Test func peerOutput() {
    let text = """
      peer flutter-cpp reply-bytes 304000 call-bytes 14
      reply-decode 10021392.800 10417108.000
      call-encode 231.319 233.525

      """
    #expect(
      CodecPeers.parseTimes(text) == ["reply-decode": 10_021_392.8, "call-encode": 231.319])
  }
}
