import FlutterCodec
import Testing

@testable import PluginHost

/// The call log's ring of slots: order kept across wrapping and growing, sizes of dropped
/// calls summed, the newest match found, entries changed in place.
@Suite struct CallLogTests {
  func entry(_ n: Int, serial: Int = 0) -> Verification.LoggedCall {
    Verification.LoggedCall(method: "m\(n)", arguments: .int64(Int64(n)), code: nil, serial: serial)
  }

  func methods(_ log: CallLog) -> [String] { log.entries.map(\.method) }

  @Test func callsStayOldestFirstAcrossWrappingAndGrowing() {
    let log = CallLog(limit: 1_000)
    for n in 0..<64 { log.append(entry(n)) }
    // "m0".."m9" are 2 bytes, "m10".."m39" 3: plus 16 for each int64.
    #expect(log.removeOldest(40) == 10 * 18 + 30 * 19)
    for n in 64..<100 { log.append(entry(n)) }  // wraps into the freed slots, then grows
    #expect(log.count == 60)
    #expect(methods(log) == (40..<100).map { "m\($0)" })
    #expect(log[0].method == "m40" && log[59].method == "m99")
  }

  @Test func dropsEverythingAndStartsAgain() {
    let log = CallLog(limit: 8)
    for n in 0..<8 { log.append(entry(n)) }
    _ = log.removeOldest(8)
    #expect(log.count == 0 && log.entries.isEmpty)
    for n in 8..<11 { log.append(entry(n)) }
    #expect(methods(log) == ["m8", "m9", "m10"])
    log.removeAll()
    #expect(log.count == 0)
  }

  @Test func theNewestMatchIsFoundAndChangedInPlace() {
    let log = CallLog(limit: 100)
    for n in 0..<70 { log.append(entry(n, serial: n % 3 == 0 ? 7 : 0)) }
    _ = log.removeOldest(10)
    let position = log.lastPosition(serial: 7)
    #expect(position.map { log[$0].method } == "m69")
    #expect(position == log.lastPosition { $0.serial == 7 })
    if let position { log.finish(at: position, code: "E") }
    #expect(log.lastPosition(serial: 7).map { log[$0].method } == "m66")
    #expect(log.entries.last?.code == "E" && log.entries.last?.serial == 0)
    #expect(log.lastPosition { $0.method == "m5" } == nil)
    #expect(log.lastPosition(serial: 8) == nil)
  }
}

/// The log's records: names and codes kept once as numbers, a success's code none, the
/// arguments kept as given (a container's too, and freed when dropped).
@Suite struct CallLogRecordTests {
  @Test func namesAndCodesAreNumberedOnceAndGivenBackAsTheyWere() {
    let log = CallLog(limit: 100)
    let a = log.name("isAvailable")
    #expect(log.name("isAvailable") == a)
    let b = log.name("writeRecord")
    #expect(a != b && log.name(numbered: b) == "writeRecord")
    #expect(log.length(of: a) == 11)
    // A name in another normalisation is another name here, as the method table has it.
    #expect(log.name("caf\u{E9}") != log.name("cafe\u{301}"))
    #expect(log.code(nil) == CallLog.noCode)
    #expect(log.code("E") == log.name("E"))
    let map: ChannelValue = ["k": .list([1, "two"])]
    log.append(CallLog.Record(name: a, code: CallLog.noCode, size: 27, serial: 0, arguments: .null))
    log.append(
      CallLog.Record(name: b, code: log.code("DENIED"), size: 99, serial: 3, arguments: map))
    #expect(
      log.entries.map { [$0.method, $0.code ?? "-", "\($0.serial)"] } == [
        ["isAvailable", "-", "0"], ["writeRecord", "DENIED", "3"],
      ])
    #expect(log[1].arguments == map)
    #expect(log.removeOldest(2) == 27 + 99)
    #expect(log.count == 0)
  }

  @Test func scalarsAreScalarAndEverythingElseIsNot() {
    let scalars: [ChannelValue] = [.null, .bool(false), .int32(-1), .int64(1 << 40), .float64(0.5)]
    #expect(scalars.allSatisfy { $0.isScalar })
    let others: [ChannelValue] = ["", .uint8List([1]), .list([]), [:], .largeInt("1")]
    #expect(!others.contains { $0.isScalar })
  }
}
