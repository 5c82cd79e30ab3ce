import ChannelJSON
import FlutterCodec
import Harness
import PluginHost
import PluginProfiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// protocol/targets.md, bounds in memory and time: `hkbridge replay` of a cassette whose every
/// exchange fails, playback of a big recording in reverse order, calls under 10^5 stubs, and
/// ConnectKit's `checkPermissions` with 10^5 keys.
struct BoundsBench {
  var quick: Bool
  var hkbridge: HKBridgeBinary

  func run(into report: inout Report) {
    replayOfFailures(into: &report)
    playback(into: &report)
    stubs(into: &report)
    checkPermissions(into: &report)
  }

  // MARK: replay of a cassette whose exchanges all fail

  static let failingExchanges = 1_600
  static let storedSamples = 300

  /// requestPermissions, writeRecords of ``storedSamples`` steps, then `reads` readRecords of
  /// all of them, each recorded with an empty list (so each fails, with a large actual reply).
  static func failingTranscript(reads: Int) -> String {
    let t0 = 1_704_067_200_000 - storedSamples * 60_000
    let records = (0..<storedSamples).map { i in
      #"{"type": "steps", "start": \#(t0 + i * 60_000), "end": \#(t0 + i * 60_000 + 1), "#
        + #""value": \#(i % 100), "unit": "count"}"#
    }
    var lines = [
      #"{"channel": "healthkit_permissions", "call": {"method": "requestPermissions", "args": "#
        + #"{"read": ["steps"], "write": ["steps"]}}, "reply": {"ok": true}}"#,
      #"{"channel": "healthkit_permissions", "call": {"method": "writeRecords", "args": "#
        + #"{"records": [\#(records.joined(separator: ", "))]}}, "reply": {"ok": null}}"#,
    ]
    for _ in 0..<reads {
      lines.append(
        #"{"channel": "healthkit_permissions", "call": {"method": "readRecords", "args": "#
          + #"{"type": "steps"}}, "reply": {"ok": []}}"#)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  func replayOfFailures(into report: inout Report) {
    let reads = Self.failingExchanges
    let name =
      "replay peak RSS, \(grouped(reads)) failing readRecords of \(Self.storedSamples) samples"
    let target = "< 100 MB"
    if let problem = hkbridge.problem {
      report.add(Figure.notMeasured(name, target: target, detail: problem))
      return
    }
    let path = "/tmp/hkbridge-bench-failing-\(getpid()).jsonl"
    defer { unlink(path) }
    let text = Self.failingTranscript(reads: reads)
    guard writeFile(path, text) else {
      report.add(Figure.failed(name, target: target, detail: "cannot write \(path)"))
      return
    }
    let start = monotonicNanoseconds()
    switch PipelinedReadBench.run(hkbridge.path, ["replay", path], stdin: "/dev/null") {
    case .failure(let error):
      report.add(Figure.failed(name, target: target, detail: error.description))
    case .success(let (status, peakKiB)):
      let seconds = Double(monotonicNanoseconds() - start) / 1e9
      let peakMB = Double(peakKiB) * 1024 / 1e6
      report.add(
        Figure(
          name: name, result: "\(format(peakMB, 1)) MB peak RSS (limit 100 MB)", target: target,
          detail: "ru_maxrss \(grouped(peakKiB)) KiB; cassette \(grouped(text.utf8.count)) bytes, "
            + "exit status \(status) (1: failures reported), \(format(seconds, 1)) s",
          verdict: status == 1 && peakMB < 100 ? .met : .missed))
    }
  }

  // MARK: playback

  static let playbackExchanges = 50_000

  /// `count` readRecords calls told apart by their `limit`, each recorded with its own reply.
  static func playbackTranscript(_ count: Int) -> String {
    var lines: [String] = []
    lines.reserveCapacity(count)
    for i in 0..<count {
      lines.append(
        #"{"channel": "healthkit_permissions", "call": {"method": "readRecords", "args": "#
          + #"{"type": "steps", "limit": \#(i + 1)}}, "reply": {"ok": \#(i)}}"#)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Nanoseconds per call of playing every exchange back, in recorded or reverse order; `nil`
  /// when a reply is not the recorded one.
  static func playbackTime(_ transcript: Transcript, count: Int, reverse: Bool) -> Double? {
    let model = Dispatcher()
    model.warningHandler = { _ in }
    guard
      let handler = try? PlaybackHandler(
        transcripts: [transcript], model: model, mode: .once, warn: { _ in })
    else { return nil }
    let codec = StandardMethodCodec()
    let order = reverse ? Array((0..<count).reversed()) : Array(0..<count)
    let payloads = order.map {
      codec.encodeMethodCall(
        MethodCall("readRecords", .object([("type", "steps"), ("limit", .int($0 + 1))])))
    }
    var replies: [[UInt8]?] = []
    replies.reserveCapacity(count)
    let start = monotonicNanoseconds()
    for payload in payloads {
      replies.append(handler.handleMessage(channel: "healthkit_permissions", payload: payload))
    }
    let elapsed = Double(monotonicNanoseconds() - start)
    let wrong = zip(order, replies).filter { $1 != codec.encodeSuccessEnvelope(.int($0)) }.count
    return wrong == 0 ? elapsed / Double(count) : nil
  }

  func playback(into report: inout Report) {
    let count = Self.playbackExchanges
    let name = "playback of \(grouped(count)) recorded exchanges, reverse order"
    let target = "<= 1/10 of the in-order time per call before indexing"
    guard
      let transcript = try? TranscriptReader.parse(
        Self.playbackTranscript(count), path: "playback-bench.jsonl")
    else {
      report.add(Figure.failed(name, target: target, detail: "the generated cassette is refused"))
      return
    }
    let inOrder = Self.playbackTime(transcript, count: count, reverse: false)
    let reverse = Self.playbackTime(transcript, count: count, reverse: true)
    guard let inOrder, let reverse else {
      report.add(
        Figure.failed(name, target: target, detail: "a call was not answered by its exchange"))
      return
    }
    report.add(
      Figure(
        name: name, result: "\(format(reverse / 1_000, 2)) us per call", target: target,
        detail: "in order now \(format(inOrder / 1_000, 2)) us per call; in order before "
          + "indexing \(format(Self.unindexedInOrder / 1_000, 0)) us per call "
          + "(\(format(Self.unindexedInOrder / reverse, 0))x); every reply the recorded one",
        verdict: reverse * 10 <= Self.unindexedInOrder ? .met : .missed))
  }

  /// Nanoseconds per call, 50,000 exchanges played back in order, before playback was indexed
  /// (measured on the same machine as the figures of protocol/targets.md).
  static let unindexedInOrder = 68_200.0

  // MARK: stubs

  static let stubCount = 100_000

  func stubs(into report: inout Report) {
    let count = quick ? 10_000 : Self.stubCount
    let name = "a call under \(grouped(count)) stubs"
    let target = "< 10 us added per call"
    let codec = StandardMethodCodec()
    let control = Dispatcher.controlChannel
    let plain = Dispatcher()
    plain.warningHandler = { _ in }
    let stubbed = Dispatcher()
    stubbed.warningHandler = { _ in }
    for i in 0..<count {
      let call = MethodCall(
        "stub",
        .object([
          ("method", "authorizationStatus"), ("args", .object([("identifier", .string("X\(i)"))])),
          ("reply", .object([("ok", .int(i))])),
        ]))
      _ = stubbed.handleMessage(channel: control, payload: codec.encodeMethodCall(call))
    }
    let payloads = [
      MethodCall("authorizationStatus", ["identifier": "HKQuantityTypeIdentifierStepCount"]),
      MethodCall("isAvailable", .null),
    ].map(codec.encodeMethodCall)
    let hit = codec.encodeMethodCall(
      MethodCall("authorizationStatus", ["identifier": .string("X\(count / 2)")]))
    guard
      stubbed.handleMessage(channel: Dispatcher.defaultPluginChannel, payload: hit)
        == codec.encodeSuccessEnvelope(.int(count / 2))
    else {
      report.add(Figure.failed(name, target: target, detail: "a stub did not answer"))
      return
    }
    func time(_ dispatcher: Dispatcher) -> Double {
      measure(samples: 5, iterations: 2_000) {
        for payload in payloads {
          blackHole(
            dispatcher.handleMessage(channel: Dispatcher.defaultPluginChannel, payload: payload))
        }
      }.best / Double(payloads.count)
    }
    let without = time(plain)
    let with = time(stubbed)
    let added = max(0, with - without)
    report.add(
      Figure(
        name: name, result: "\(format(added / 1_000, 2)) us added", target: target,
        detail: "\(format(with / 1_000, 2)) us per call beside \(format(without / 1_000, 2)) us "
          + "without stubs (authorizationStatus not stubbed with these arguments, isAvailable)",
        verdict: added < 10_000 ? .met : .missed))
  }

  // MARK: ConnectKit checkPermissions

  static let permissionKeys = 100_000

  func checkPermissions(into report: inout Report) {
    let count = quick ? 10_000 : Self.permissionKeys
    let name = "connect_kit checkPermissions with \(grouped(count)) keys"
    let target = "< 1 s"
    let dispatcher = Dispatcher(configuration: .init(profiles: ["connect_kit"]))
    dispatcher.warningHandler = { _ in }
    let known = ["steps", "heartRate", "activeEnergyBurned", "bodyMass"]
    let entries = (0..<count).map { i -> ChannelMapEntry in
      let key = i < known.count ? known[i] : "customType\(i)"
      return ChannelMapEntry(.string(key), .list(["read", "write"]))
    }
    let payload = PigeonCodec().messageCodec.encode(.list([.map(entries), .null, .null]))
    let channel = "dev.flutter.pigeon.connect_kit.ConnectKitHostApi.checkPermissions"
    let start = monotonicNanoseconds()
    let reply = dispatcher.handleMessage(channel: channel, payload: payload)
    let elapsed = Double(monotonicNanoseconds() - start)
    guard case .success(let value)? = try? PigeonCodec().decodeReply(reply) else {
      report.add(Figure.failed(name, target: target, detail: "no success reply"))
      return
    }
    blackHole(value)
    report.add(
      Figure(
        name: name, result: "\(format(elapsed / 1e6, 1)) ms", target: target,
        detail: "one message, \(grouped(payload.count)) bytes, reply "
          + "\(grouped(reply?.count ?? 0)) bytes (\(known.count) known types, the rest unsupported)",
        verdict: elapsed < 1e9 ? .met : .missed))
  }
}
