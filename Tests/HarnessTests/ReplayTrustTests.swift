import FlutterCodec
import Foundation
import HKBridgeCLI
import Harness
import Testing

/// Replay a test suite can trust: errors named, headers, matchers, safe `--update`.
@Suite struct ReplayTrustTests {
  init() { Composition.install() }
  func replay(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
    let result = try BinaryRunner.run(["replay"] + arguments, input: [])
    return (result.status, String(decoding: result.stdout, as: UTF8.self), result.stderr)
  }

  static let isAvailable =
    #"{"channel": "healthkit_permissions", "call": {"method": "isAvailable", "args": null}, "reply": {"ok": true}, "replyHex": "0001"}"#

  @Test func emptyUnreadableAndBOMFilesAreNamedWithExitTwo() throws {
    let scratch = try ScratchDirectory()
    let empty = try scratch.write("empty.jsonl", "")
    let notes = try scratch.write("notes.jsonl", "{\"note\": \"only a note\"}\n\n")
    let bom = try scratch.write("bom.jsonl", "\u{FEFF}" + Self.isAvailable + "\n")
    for path in [empty, notes] {
      let r = try replay([path])
      #expect(r.status == 2)
      #expect(
        r.err == "hkbridge replay: \(path): empty transcript: it has no exchanges to replay\n")
    }
    let r = try replay([bom])
    #expect(r.status == 2)
    #expect(r.err.contains("\(bom):1: the file starts with a byte-order mark (EF BB BF)"))
    let folder = try replay([scratch.url.path])
    #expect(folder.status == 2)
    #expect(folder.err.contains("\(scratch.url.path): cannot read"))
    // --json prints transcript and file errors too.
    let json = try replay(["--json", empty])
    #expect(json.status == 2)
    #expect(
      json.out
        == #"{"passed": 0, "failed": 0, "errors": [{"file": "\#(empty)", "line": 0, "message": "empty transcript: it has no exchanges to replay"}], "files": []}"#
        + "\n")
  }

  @Test func diffsListEachDifferingValueCapped() throws {
    let scratch = try ScratchDirectory()
    // snapshot answers a map with none of these twelve keys: each is listed by path, ten at
    // most, and the rest counted.
    let twelve = (0..<12).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
    let path = try scratch.write(
      "twelve.jsonl",
      #"{"channel": "hkbridge/control", "call": {"method": "snapshot", "args": null}, "reply": {"ok": {\#(twelve)}}}"#
        + "\n")
    let t = try replay([path])
    #expect(t.status == 1)
    #expect(t.out.contains("  at reply.ok.k0: expected 0, got (absent)\n"))
    #expect(t.out.contains("  at reply.ok.k9: expected 9, got (absent)\n"))
    #expect(!t.out.contains("reply.ok.k10:"))
    // k10, k11 and the snapshot's own keys (device, now, …) are counted, not listed.
    #expect(t.out.contains("  … and "))
    #expect(t.out.contains(" more differing values\n"))
    let json = try replay(["--json", path])
    #expect(
      json.out.contains(
        #""differences": [{"path": "reply.ok.k0", "expected": 0, "actual": null, "expectedAbsent": false, "actualAbsent": true, "matcher": null}"#
      ))
  }

  /// A transcript as a device recorder writes it: a custom channel, random uuids, real times, a
  /// different source. Its matchers make it replay green; a changed error code still fails.
  static let deviceTranscript = """
    {"hkbridge": {"version": "hkbridge_client 0.1.0 (constructed)", "channels": ["my_health_channel"], "device": "iPhone", "osVersion": "17.5", "bundleId": "com.example.app", "match": {"reply.ok.uuid": "uuid", "reply.ok[*].uuid": "uuid", "reply.ok[*].source": "ignore", "reply.error.message": "ignore"}}}
    {"note": "Constructed by hand for hkbridge's documentation in the shape a device recording has (what RecordingBinaryMessenger writes, ids and clock as a device makes them up): it was not recorded on a device."}
    {"channel": "my_health_channel", "call": {"method": "requestPermissions", "args": {"read": ["mindfulSession"], "write": ["mindfulSession"]}}, "reply": {"ok": true}}
    {"channel": "my_health_channel", "call": {"method": "writeRecord", "args": {"type": "mindfulSession", "start": 1732531262417, "end": 1732531382417}}, "reply": {"ok": {"uuid": "9B1DEB4D-3B7D-4BAD-9BDD-2B0D7B3DCB6D", "hkType": "HKCategoryTypeIdentifierMindfulSession"}}}
    {"channel": "my_health_channel", "call": {"method": "readRecords", "args": {"type": "mindfulSession", "ascending": true}}, "reply": {"ok": [{"uuid": "9B1DEB4D-3B7D-4BAD-9BDD-2B0D7B3DCB6D", "type": "mindfulSession", "hkType": "HKCategoryTypeIdentifierMindfulSession", "start": 1732531262000, "end": 1732531382000, "value": "notApplicable", "metadata": {}, "source": {"bundleId": "com.example.app", "name": "Example", "device": "iPhone15,2"}}]}, "match": {"reply.ok[*].start": "within:1000", "reply.ok[*].end": "within:1000"}}
    {"channel": "my_health_channel", "call": {"method": "deleteRecords", "args": {"uuids": ["3F2504E0-4F89-41D3-9A0C-0305E82C3301"]}}, "reply": {"error": {"code": "NOT_FOUND", "message": "Could not find the sample.", "details": {"field": "uuids[0]"}}}}

    """

  @Test func aDeviceRecordingReplaysGreenWithItsMatchers() throws {
    let scratch = try ScratchDirectory()
    let path = try scratch.write("device.jsonl", Self.deviceTranscript)
    let r = try replay([path])
    #expect(r.err == "")
    #expect(r.out == "4 passed, 0 failed\n")
    #expect(r.status == 0)
    // Without its matchers the same recording fails on the uuids, times, source and message.
    let bare = Self.deviceTranscript.replacingOccurrences(
      of:
        #", "match": {"reply.ok.uuid": "uuid", "reply.ok[*].uuid": "uuid", "reply.ok[*].source": "ignore", "reply.error.message": "ignore"}"#,
      with: "")
    let barePath = try scratch.write("bare.jsonl", bare)
    let b = try replay([barePath])
    #expect(b.status == 1)
    #expect(b.out.hasSuffix("1 passed, 3 failed\n"))
    #expect(
      b.out.contains(
        "  at reply.ok.uuid: expected \"9B1DEB4D-3B7D-4BAD-9BDD-2B0D7B3DCB6D\", got \"00000000-0000-4000-8000-000000000001\"\n"
      ))
    // A matcher still catches a wrong error code.
    let wrongCode = try scratch.write(
      "code.jsonl",
      Self.deviceTranscript.replacingOccurrences(of: "NOT_FOUND", with: "AUTHORIZATION_DENIED"))
    let w = try replay([wrongCode])
    #expect(w.status == 1)
    #expect(
      w.out.contains(
        "FAIL \(wrongCode):6\n  channel:  my_health_channel\n  method:   deleteRecords\n  match:    value\n"
      ))
    #expect(
      w.out.contains(
        "  at reply.error.code: expected \"AUTHORIZATION_DENIED\", got \"NOT_FOUND\"\n"))
    #expect(w.out.hasSuffix("3 passed, 1 failed\n"))
    // --match bytes cannot honour matchers: a transcript error.
    let bytes = try replay(["--match", "bytes", path])
    #expect(bytes.status == 2)
    #expect(bytes.err.contains("--match bytes cannot honour \"match\" matchers"))
  }

  @Test func theHeaderSetsUpTheEmulatorAndOptionsOverrideIt() throws {
    let scratch = try ScratchDirectory()
    let version =
      #"{"channel": "my_health_channel", "call": {"method": "getPlatformVersion", "args": null}, "reply": {"ok": "iOS 16.4"}}"#
    let header = #"{"hkbridge": {"channels": ["my_health_channel"], "osVersion": "16.4"}}"#
    let withHeader = try scratch.write("h.jsonl", header + "\n" + version + "\n")
    #expect(try replay([withHeader]).out == "1 passed, 0 failed\n")
    // Without a header the options supply it; with one they override it.
    let bare = try scratch.write("bare.jsonl", version + "\n")
    #expect(try replay([bare]).status == 1)
    #expect(
      try replay(["--channel", "my_health_channel", "--os", "16.4", bare]).out
        == "1 passed, 0 failed\n")
    let overridden = try replay(["--os", "17.0", withHeader])
    #expect(overridden.status == 1)
    #expect(overridden.out.contains("at reply.ok: expected \"iOS 16.4\", got \"iOS 17.0\""))
    // A header anywhere but first, or with an unknown key, is a transcript error.
    let late = try scratch.write("late.jsonl", version + "\n" + header + "\n")
    #expect(
      try replay([late]).err.contains(
        "\(late):2: a {\"hkbridge\": {...}} header can only be the first line"))
    let unknown = try scratch.write(
      "unknown.jsonl", #"{"hkbridge": {"devise": "iPad"}}"# + "\n" + version + "\n")
    #expect(
      try replay([unknown]).err.contains("\(unknown):1: unknown key \"devise\" in \"hkbridge\""))
    let badOS = try scratch.write(
      "bados.jsonl", #"{"hkbridge": {"osVersion": "seventeen"}}"# + "\n" + version + "\n")
    #expect(try replay([badOS]).status == 2)
  }

  @Test func updateKeepsSymlinkModeCRLFAndFillsInReplies() throws {
    let scratch = try ScratchDirectory()
    let crlf =
      "{\"note\": \"kept\"}\r\n"
      + #"{"channel": "healthkit_permissions", "call": {"method": "isAvailable", "args": null}, "reply": {"ok": false}}"#
      + "\r\n"
      + #"{"channel": "healthkit_permissions", "call": {"method": "getPlatformVersion", "args": null}}"#
      + "\r\n"
    let target = try scratch.write("real.jsonl", crlf)
    chmod(target, 0o640)
    let link = scratch.url.appendingPathComponent("link.jsonl").path
    #expect(symlink("real.jsonl", link) == 0)
    let r = try replay(["--update", link])
    #expect(r.status == 0)
    // The link is still a link, the target keeps its mode and CRLF, the reply was filled in.
    var info = stat()
    #expect(lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK)
    #expect(stat(target, &info) == 0 && info.st_mode & 0o777 == 0o640)
    let text = try scratch.read(target)
    #expect(
      text
        == "{\"note\": \"kept\"}\r\n"
        + #"{"channel": "healthkit_permissions", "call": {"method": "isAvailable", "args": null}, "reply": {"ok": true}, "replyHex": "0001"}"#
        + "\r\n"
        + #"{"channel": "healthkit_permissions", "call": {"method": "getPlatformVersion", "args": null}, "reply": {"ok": "iOS 17.5"}, "replyHex": "000708694f532031372e35"}"#
        + "\r\n")
    // No temporary file is left beside it.
    let names = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted()
    #expect(names == ["link.jsonl", "real.jsonl"])
    // An unchanged transcript stays byte-identical (no final newline kept as well).
    let exact = String(text.dropLast())  // "\r\n" is one Character
    try exact.write(toFile: target, atomically: false, encoding: .utf8)
    #expect(try replay(["--update", link]).status == 0)
    #expect(try scratch.read(target) == exact)
  }

  @Test func replaceFileNeverFollowsAPlantedTemporaryLink() throws {
    let scratch = try ScratchDirectory()
    let path = try scratch.write("g.jsonl", "old\n")
    let victim = try scratch.write("victim.txt", "do not touch\n")
    // The fixed name the old code wrote to, and names a guesser might plant.
    for planted in ["g.jsonl.hkbridge-tmp", ".g.jsonl.hkbridge-tmp"] {
      #expect(symlink(victim, scratch.url.appendingPathComponent(planted).path) == 0)
    }
    try FileIO.replaceFile(path, with: Array("new\n".utf8))
    #expect(try scratch.read(path) == "new\n")
    #expect(try scratch.read(victim) == "do not touch\n")
  }

  @Test func concurrentUpdatesOfOneFileBothSucceed() throws {
    let scratch = try ScratchDirectory()
    let path = try scratch.write("c.jsonl", "start\n")
    let failures = Failures()
    DispatchQueue.concurrentPerform(iterations: 40) { i in
      do {
        try FileIO.replaceFile(path, with: Array("writer \(i)\n".utf8))
      } catch {
        failures.add("\(error)")
      }
    }
    #expect(failures.all.isEmpty)
    let text = try scratch.read(path)
    #expect(text.hasPrefix("writer ") && text.hasSuffix("\n"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["c.jsonl"])
  }

  /// Two `replay --update` processes on one file at once both succeed, leaving a whole file.
  @Test func twoUpdateProcessesAtOnceBothSucceed() throws {
    let scratch = try ScratchDirectory()
    let line =
      #"{"channel": "healthkit_permissions", "call": {"method": "isAvailable", "args": null}}"#
    let path = try scratch.write("two.jsonl", String(repeating: line + "\n", count: 2000))
    let processes = (0..<2).map { _ in
      let process = Process()
      process.executableURL = BinaryRunner.executableURL
      process.arguments = ["replay", "--update", path]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      return process
    }
    for process in processes { try process.run() }
    for process in processes { process.waitUntilExit() }
    #expect(processes.map(\.terminationStatus) == [0, 0])
    #expect(try replay([path]).out == "2000 passed, 0 failed\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["two.jsonl"])
  }

  final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ item: String) { lock.withLock { items.append(item) } }
    var all: [String] { lock.withLock { items } }
  }

  /// kill -9 in the middle of `--update` of a 100,000-exchange transcript leaves the original
  /// intact (or, if the rename already happened, the whole new file).
  @Test func aKilledUpdateLeavesTheOriginalIntact() throws {
    let scratch = try ScratchDirectory()
    let line =
      #"{"channel": "healthkit_permissions", "call": {"method": "isAvailable", "args": null}, "reply": {"ok": false}}"#
    let original = String(repeating: line + "\n", count: 100_000)
    let path = try scratch.write("big.jsonl", original)
    let updatedLine =
      #"{"channel": "healthkit_permissions", "call": {"method": "isAvailable", "args": null}, "reply": {"ok": true}, "replyHex": "0001"}"#
    let updated = String(repeating: updatedLine + "\n", count: 100_000)
    for delay in [50_000, 300_000, 800_000] as [useconds_t] {
      try original.write(toFile: path, atomically: false, encoding: .utf8)
      let process = Process()
      process.executableURL = BinaryRunner.executableURL
      process.arguments = ["replay", "--update", path]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      usleep(delay)
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let now = try scratch.read(path)
      #expect(now == original || now == updated)
    }
  }

  /// Whatever `serve --record` writes, replay reads: values nested as deep as the codec allows,
  /// inside the line's own wrapper objects.
  @Test func recordedDeepArgumentsReadBack() throws {
    for depth in [511, 512] {
      var value = ChannelValue.int(1)
      for _ in 0..<depth { value = .list([value]) }
      let call = StandardMethodCodec().encodeMethodCall(MethodCall("echo", value))
      #expect(throws: Never.self) { try StandardMethodCodec().decodeMethodCall(call) }
      let reply = StandardMethodCodec().encodeSuccessEnvelope(value)
      let error = StandardMethodCodec().encodeErrorEnvelope(
        FlutterError(code: "X", message: nil, details: value))
      for replyBytes in [reply, error] {
        let exchange = TranscriptRecorder.exchange(
          channel: "healthkit_permissions", payload: call, reply: replyBytes,
          methodChannels: ["healthkit_permissions"])
        let text = TranscriptWriter.line(.exchange(exchange))
        let back = try TranscriptReader.parse(text + "\n", path: "deep.jsonl")
        #expect(back.exchanges.first?.exchange == exchange)
        #expect(TranscriptConsistency.problem(exchange) == nil)
      }
    }
  }
}

@Suite struct DeviceRecordingExampleTests {
  init() { Composition.install() }
  static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("examples/device-recording.jsonl").path

  /// The example recording the README replays and serves (its commands run in
  /// readme_commands_test.dart) is the transcript above.
  @Test func theReadmeExampleReplaysGreen() throws {
    #expect(
      try String(contentsOfFile: Self.path, encoding: .utf8)
        == ReplayTrustTests.deviceTranscript.split(separator: "\n").joined(separator: "\n") + "\n")
    let result = try BinaryRunner.run(["replay", Self.path], input: [])
    #expect(String(decoding: result.stdout, as: UTF8.self) == "4 passed, 0 failed\n")
    #expect(result.status == 0)
    let json = try BinaryRunner.run(["replay", "--json", Self.path], input: [])
    #expect(json.status == 0)
  }
}

@Suite struct ReplaceFileFailureTests {
  init() { Composition.install() }
  /// A rename that fails (the target is a folder) removes the temporary file and says why.
  @Test func aFailedReplaceLeavesNoTemporaryFile() throws {
    let scratch = try ScratchDirectory()
    let folder = scratch.url.appendingPathComponent("target").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    #expect(throws: FileIOError.self) { try FileIO.replaceFile(folder, with: Array("x".utf8)) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["target"])
    // A folder that cannot be written: nothing is created, the error names the path.
    do {
      try FileIO.replaceFile("/proc/hkbridge-none/x.jsonl", with: [])
      Issue.record("expected an error")
    } catch {
      #expect(error.path == "/proc/hkbridge-none/x.jsonl")
      #expect(error.message.hasPrefix("cannot create a temporary file"))
    }
  }
}

@Suite struct StaleTemporaryTests {
  init() { Composition.install() }
  /// What a killed `--update` left behind is removed by the next update of the same file, once it
  /// is old; a fresh one (an update in progress), a link with such a name and another file's
  /// temporary are kept.
  @Test func theNextUpdateRemovesOldLeftovers() throws {
    let scratch = try ScratchDirectory()
    let path = try scratch.write("g.jsonl", "old\n")
    let stale = try scratch.write(".g.jsonl.hkbridge-AbC123", "half")
    let fresh = try scratch.write(".g.jsonl.hkbridge-XyZ789", "in progress")
    let otherFile = try scratch.write(".h.jsonl.hkbridge-QwE456", "another file's")
    let link = scratch.url.appendingPathComponent(".g.jsonl.hkbridge-LiNk00").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
    let hourAgo = Date(timeIntervalSinceNow: -3600)
    for old in [stale, otherFile] {
      try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: old)
    }
    try FileIO.replaceFile(path, with: Array("new\n".utf8))
    let left = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted()
    #expect(
      left == [
        ".g.jsonl.hkbridge-LiNk00", ".g.jsonl.hkbridge-XyZ789", ".h.jsonl.hkbridge-QwE456",
        "g.jsonl",
      ])
    #expect(try scratch.read(path) == "new\n")
    #expect(try scratch.read(fresh) == "in progress")
  }
}
