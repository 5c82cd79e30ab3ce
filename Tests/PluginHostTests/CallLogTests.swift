import FlutterCodec
import Testing

@testable import PluginHost

/// What `drop` freed of `log`'s summed sizes (``CallLog/bytes``).
func freed(_ log: CallLog, _ drop: (CallLog) -> Void) -> Int {
  let before = log.bytes
  drop(log)
  return before - log.bytes
}

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
    #expect(freed(log) { $0.removeOldest(40) } == 10 * 18 + 30 * 19)
    for n in 64..<100 { log.append(entry(n)) }  // wraps into the freed slots, then grows
    #expect(log.count == 60)
    #expect(methods(log) == (40..<100).map { "m\($0)" })
    #expect(log[0].method == "m40" && log[59].method == "m99")
  }

  @Test func dropsEverythingAndStartsAgain() {
    let log = CallLog(limit: 8)
    for n in 0..<8 { log.append(entry(n)) }
    log.removeOldest(8)
    #expect(log.count == 0 && log.entries.isEmpty)
    for n in 8..<11 { log.append(entry(n)) }
    #expect(methods(log) == ["m8", "m9", "m10"])
    log.removeAll()
    #expect(log.count == 0)
  }

  /// At its limit of calls the log drops its older half before it keeps the next one (the
  /// ring grown to the limit first, from 64 slots).
  @Test func aFullLogDropsItsOlderHalfBeforeTheNextCall() {
    let log = CallLog(limit: 100)
    for n in 0..<100 { log.append(entry(n)) }
    #expect(log.count == 100 && log[0].method == "m0")
    log.append(entry(100))
    #expect(log.count == 51)
    #expect(methods(log) == (50...100).map { "m\($0)" })
    for n in 101..<150 { log.append(entry(n)) }
    #expect(log.count == 100)
    log.append(entry(150))
    #expect(methods(log) == (100...150).map { "m\($0)" })
  }

  /// Past its byte limit the log drops its older half, again and again until the calls kept
  /// fit; the newest call stays even when it alone is over the limit. The sizes kept are
  /// exact across the drops.
  @Test func pastItsByteLimitTheLogDropsOlderHalvesUntilItFits() {
    let log = CallLog(limit: 1_000, byteLimit: 100)
    let name = log.name("m")
    func add(_ size: Int) {
      log.append(
        CallLog.Record(name: name, code: CallLog.noCode, arguments: .int64(Int64(size))),
        size: size, holdsReferences: false)
    }
    for _ in 0..<10 { add(10) }
    #expect(log.count == 10 && log.bytes == 100)
    add(10)  // 110 bytes: the older 5 dropped
    #expect(log.count == 6 && log.bytes == 60)
    add(45)  // 105: 3 dropped, then fits at 75
    #expect(log.count == 4 && log.bytes == 75)
    #expect(log.entries.map(\.arguments) == [.int64(10), .int64(10), .int64(10), .int64(45)])
    add(500)  // over on its own: halves dropped until it alone is left
    #expect(log.count == 1 && log.bytes == 500)
    add(1)  // still over: the older half (the 500) goes
    #expect(log.count == 1 && log.bytes == 1)
  }

  @Test func theNewestMatchIsFoundAndChangedInPlace() {
    let log = CallLog(limit: 100)
    for n in 0..<70 { log.append(entry(n, serial: n % 3 == 0 ? 7 : 0)) }
    log.removeOldest(10)
    let position = log.lastPosition(serial: 7)
    #expect(position.map { log[$0].method } == "m69")
    if let position { log.finish(at: position, code: "E") }
    #expect(log.lastPosition(serial: 7).map { log[$0].method } == "m66")
    #expect(log.entries.last?.code == "E" && log.entries.last?.serial == 0)
    #expect(!log.entries.contains { $0.method == "m5" })
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
    // A name in another Unicode normalisation is another name here: logged as it was sent.
    let composed = log.name("caf\u{E9}")
    let decomposed = log.name("cafe\u{301}")
    #expect(composed != decomposed)
    #expect(
      Array(log.name(numbered: decomposed).unicodeScalars) == ["c", "a", "f", "e", "\u{301}"])
    #expect(log.code(nil) == CallLog.noCode)
    #expect(log.code("E") == log.name("E"))
    let map: ChannelValue = ["k": .list([1, "two"])]
    log.append(
      CallLog.Record(name: a, code: CallLog.noCode, arguments: .null), size: 27,
      holdsReferences: false)
    log.append(
      CallLog.Record(name: b, code: log.code("DENIED"), serial: 3, arguments: map), size: 99,
      holdsReferences: true)
    #expect(
      log.entries.map { [$0.method, $0.code ?? "-", "\($0.serial)"] } == [
        ["isAvailable", "-", "0"], ["writeRecord", "DENIED", "3"],
      ])
    #expect(log[1].arguments == map)
    #expect(log.bytes == 27 + 99)
    #expect(freed(log) { $0.removeOldest(2) } == 27 + 99)
    #expect(log.bytes == 0)
    #expect(log.count == 0)
  }

  /// What dropping frees is worked out from the sizes summed as calls are logged: right after
  /// the ring wraps and grows, with and without calls that hold references, and after a
  /// `removeAll`.
  @Test func droppedSizesAreExactAcrossWrappingGrowingAndEmptying() {
    let log = CallLog(limit: 1_000)
    let name = log.name("m")
    var sizes: [Int] = []
    func add(_ n: Int) {
      let arguments: ChannelValue = n % 5 == 0 ? .list([.int64(Int64(n))]) : .int64(Int64(n))
      log.append(
        CallLog.Record(name: name, code: CallLog.noCode, arguments: arguments), size: n,
        holdsReferences: !arguments.isScalar)
      sizes.append(n)
    }
    for n in 1...60 { add(n) }
    #expect(freed(log) { $0.removeOldest(25) } == sizes.prefix(25).reduce(0, +))
    sizes.removeFirst(25)
    for n in 61...130 { add(n) }  // wraps into the freed slots, then grows
    #expect(freed(log) { $0.removeOldest(1) } == sizes[0])
    sizes.removeFirst(1)
    #expect(freed(log) { $0.removeOldest(50) } == sizes.prefix(50).reduce(0, +))
    #expect(log.bytes == sizes.dropFirst(50).reduce(0, +))
    sizes.removeFirst(50)
    #expect(
      log.entries.map(\.arguments)
        == sizes.map { n in
          n % 5 == 0 ? .list([.int64(Int64(n))]) : .int64(Int64(n))
        })
    log.removeAll()
    #expect(log.bytes == 0)
    add(7)
    #expect(log.bytes == 7)
    #expect(freed(log) { $0.removeOldest(0) } == 0)
    #expect(freed(log) { $0.removeOldest(1) } == 7)
  }

  @Test func scalarsAreScalarAndEverythingElseIsNot() {
    let scalars: [ChannelValue] = [.null, .bool(false), .int32(-1), .int64(1 << 40), .float64(0.5)]
    #expect(scalars.allSatisfy { $0.isScalar })
    let others: [ChannelValue] = ["", .uint8List([1]), .list([]), [:], .largeInt("1")]
    #expect(!others.contains { $0.isScalar })
  }
}
