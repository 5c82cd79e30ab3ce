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
    let position = log.lastPosition { $0.serial == 7 }
    #expect(position.map { log[$0].method } == "m69")
    if let position {
      log[position].code = "E"
      log[position].serial = 0
    }
    #expect(log.lastPosition { $0.serial == 7 }.map { log[$0].method } == "m66")
    #expect(log.entries.last?.code == "E")
    #expect(log.lastPosition { $0.method == "m5" } == nil)
  }
}
