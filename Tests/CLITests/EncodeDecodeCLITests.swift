import HKBridgeCLI
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The example value of protocol/typed-json.md and its Flutter bytes: list of 4; int32 1; float64 1.0 (already
/// 8-aligned at offset 8); int64 1; the string "é" (UTF-8 c3 a9).
let exampleJSON = #"[1, 1.0, {"$int64": 1}, "é"]"#
let exampleHex = "0c04030100000006000000000000f03f0401000000000000000702c3a9"

@Suite("hkbridge encode")
struct EncodeCLITests {
  init() { Composition.install() }
  @Test(
    "each subcommand prints the lowercase hex of Flutter's bytes",
    arguments: EncodeCLITests.encodings)
  func encodes(arguments: [String], hex: String) throws {
    let result = try hkbridge(arguments)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == hex + "\n")
    #expect(result.stderr == "")
  }

  static let encodings: [([String], String)] = [
    (["encode", "message", exampleJSON], exampleHex),
    (["encode", "message", "-5"], "03fbffffff"),
    // `--` ends the options, as usual; it is not part of the JSON.
    (["encode", "message", "--", "-5"], "03fbffffff"),
    (["encode", "call", "m", "--", "-1"], "07016d" + "03ffffffff"),
    (["encode", "success", "--", "-0.0"], "0006" + "000000000000" + "0000000000000080"),
    (["encode", "message", #"{"$uint8List": "AQI="}"#], "08020102"),
    // 'isAvailable' is 11 bytes; the arguments are null.
    (["encode", "call", "isAvailable"], "070b" + "6973417661696c61626c65" + "00"),
    (["encode", "call", "m", #"{"a": 1}"#], "07016d" + "0d01" + "070161" + "0301000000"),
    (["encode", "success", "true"], "0001"),
    // flag 0, tag 6 at offset 1, six bytes of padding to offset 8, then 1.5.
    (["encode", "success", "1.5"], "0006" + "000000000000" + "000000000000f83f"),
    (["encode", "error", "NOT_FOUND"], "01" + "07094e4f545f464f554e44" + "00" + "00"),
    (
      ["encode", "error", "E", "--message", "m", "--details", #"{"k": {"$int64": 2}}"#],
      "01" + "070145" + "07016d" + "0d01" + "07016b" + "040200000000000000"
    ),
    (["encode", "error", "E", "--stacktrace", "s"], "01" + "070145" + "00" + "00" + "070173"),
    // An option's value may start with '-' (a negative number, a dash in the text).
    (
      ["encode", "error", "E", "--message", "-x", "--details", "-5"],
      "01" + "070145" + "07022d78" + "03fbffffff"
    ),
  ]

  @Test("a JSON argument left out is read from stdin")
  func stdin() throws {
    let message = try hkbridge(["encode", "message"], stdin: exampleJSON + "\n")
    #expect(message.stdout == exampleHex + "\n")
    let call = try hkbridge(["encode", "call", "m"], stdin: #" {"a": 1} "#)
    #expect(call.stdout == "07016d0d0107016103010000" + "00\n")
    let blank = try hkbridge(["encode", "call", "m"], stdin: " \n")
    #expect(blank.stdout == "07016d00\n")
    let success = try hkbridge(["encode", "success"], stdin: "null")
    #expect(success.stdout == "0000\n")
  }

  @Test(
    "bad JSON: exit 2, stderr names the path and what was expected",
    arguments: EncodeCLITests.badInputs)
  func badJSON(arguments: [String], mention: String) throws {
    let result = try hkbridge(arguments)
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("error: "), "\(result.stderr)")
    #expect(result.stderr.contains(mention), "\(result.stderr)")
  }

  static let badInputs: [([String], String)] = [
    (
      ["encode", "message", #"{"a": [1, {"$int32List": [1, 2, 9999999999]}]}"#],
      "$.a[1].$int32List[2]"
    ),
    (["encode", "message", "[1,"], "line 1"),
    (["encode", "message", "1", "2"], "expected one JSON argument"),
    (["encode", "message", "--", "1", "2"], "not 2 words: 1 2"),
    (["encode", "call", "m", #"{"$int64": 1.5}"#], "$.$int64"),
    (["encode", "success", #"{"$ext": {"tag": 3, "value": 1}}"#], "$.$ext.tag"),
    (["encode", "error", "E", "--details", "{"], "--details"),
  ]

  @Test("empty stdin is bad input for a message")
  func emptyStdin() throws {
    let result = try hkbridge(["encode", "message"], stdin: "")
    #expect(result.status == 2)
    #expect(result.stderr.contains("found no input"), "\(result.stderr)")
    let devNull = try hkbridge(["encode", "success"])
    #expect(devNull.status == 2)
  }
}

@Suite("hkbridge decode")
struct DecodeCLITests {
  init() { Composition.install() }
  @Test(
    "each subcommand prints canonical typed JSON",
    arguments: DecodeCLITests.decodings)
  func decodes(arguments: [String], json: String) throws {
    let result = try hkbridge(arguments)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == json + "\n")
    #expect(result.stderr == "")
  }

  static let decodings: [([String], String)] = [
    (["decode", "message", exampleHex], exampleJSON),
    (
      [
        "decode", "message", "0c04 03010000", "00 06 000000000000f03f",
        "04010000000000000007 02c3a9",
      ], exampleJSON
    ),
    (["decode", "message", "0x0D01070161", "0301000000"], #"{"a": 1}"#),
    (["decode", "message", "0D0103010000000701 61"], #"{"$map": [[1, "a"]]}"#),
    (
      ["decode", "message", "--allow-extensions", "81032a000000"],
      #"{"$ext": {"tag": 129, "value": 42}}"#
    ),
    (
      ["decode", "call", "070b6973417661696c61626c6500"],
      #"{"method": "isAvailable", "args": null}"#
    ),
    (["decode", "envelope", "0001"], #"{"ok": true}"#),
    (
      ["decode", "envelope", "0107094e4f545f464f554e44000d010701" + "6b" + "0301000000"],
      #"{"error": {"code": "NOT_FOUND", "message": null, "details": {"k": 1}}}"#
    ),
    (
      ["decode", "envelope", "01" + "070145" + "07016d" + "00" + "070173"],
      #"{"error": {"code": "E", "message": "m", "details": null, "stacktrace": "s"}}"#
    ),
  ]

  @Test("hex left out is read from stdin, with spaces and newlines")
  func stdin() throws {
    let result = try hkbridge(
      ["decode", "message"],
      stdin: "0c04030100000006\n000000000000f03f\n0401000000000000000702c3a9\n")
    #expect(result.stdout == exampleJSON + "\n")
  }

  @Test(
    "bad bytes: exit 2, stderr names the offset and what was expected",
    arguments: DecodeCLITests.badBytesCases)
  func badBytes(arguments: [String], mention: String) throws {
    let result = try hkbridge(arguments)
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("error: "), "\(result.stderr)")
    #expect(result.stderr.contains(mention), "\(result.stderr)")
  }

  static let badBytesCases: [([String], String)] = [
    (["decode", "message", "0c0g"], "offset 3"),
    (["decode", "message", "abc"], "offset 2"),
    (["decode", "message", "0c02"], "sizeOutOfBounds at offset 1"),
    (["decode", "message", "030100"], "truncated"),
    (["decode", "message", "8100"], "unknownTag at offset 0"),
    (["decode", "message", "0f"], "unknownTag at offset 0"),
    (["decode", "message", "0000"], "trailingBytes at offset 1"),
    (["decode", "message", "07ff"], "truncated"),
    (["decode", "message", "0702c3"], "sizeOutOfBounds"),
    (["decode", "message", "0702c328"], "invalidUTF8 at offset 2"),
    (["decode", "call", "0100"], "methodNameNotString at offset 0"),
    (["decode", "call", "07016d"], "truncated at offset 3"),
    (["decode", "envelope", "02"], "invalidEnvelopeFlag at offset 0"),
    (["decode", "envelope", ""], "emptyEnvelope"),
    (["decode", "envelope", "0103000000000000"], "invalidErrorEnvelope at offset 1"),
  ]

  @Test("nesting beyond 512 is refused cleanly, not a crash")
  func deepNesting() throws {
    let hex = String(repeating: "0c01", count: 600) + "00"
    let result = try hkbridge(["decode", "message"], stdin: hex)
    #expect(result.status == 2)
    #expect(result.stderr.contains("nestingTooDeep"), "\(result.stderr)")
  }
}

@Suite("hkbridge encode/decode: help and round trips")
struct CLIRoundTripTests {
  init() { Composition.install() }
  @Test(
    "--help on every command shows examples",
    arguments: [
      ["encode"], ["encode", "message"], ["encode", "call"], ["encode", "success"],
      ["encode", "error"], ["decode"], ["decode", "message"], ["decode", "call"],
      ["decode", "envelope"],
    ])
  func help(command: [String]) throws {
    let result = try hkbridge(command + ["--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("Examples:"))
    #expect(result.stdout.contains("hkbridge " + command.joined(separator: " ")))
  }

  @Test("encode then decode gives back the canonical text")
  func roundTrip() throws {
    let json =
      #"{"a": [{"$float64": "NaN"}, -0.0, 1e300, 5e-324], "$map": 1, "b": {"$map": [[null, {"$float32List": [0.1, "-Infinity"]}]]}, "c": {"$int64List": [1]}, "d": 2147483648}"#
    let encoded = try hkbridge(["encode", "message", json])
    #expect(encoded.status == 0)
    let decoded = try hkbridge(["decode", "message"], stdin: encoded.stdout)
    #expect(decoded.status == 0)
    #expect(decoded.stdout == json + "\n")
  }
}

@Suite("hkbridge encode/decode: input that is not UTF-8")
struct NonUTF8InputTests {
  init() { Composition.install() }
  @Test(
    "an argument or stdin that is not UTF-8 is refused (exit 2), never repaired to U+FFFD",
    arguments: NonUTF8InputTests.refusals)
  func refused(command: String, mention: String) throws {
    let result = try hkbridgeInShell(command)
    #expect(result.status == 2, "\(result.stdout)")
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("error: "), "\(result.stderr)")
    #expect(result.stderr.contains(mention), "\(result.stderr)")
  }

  /// Shell commands (`$HK` is hkbridge); printf's octal escapes make the bytes: \377 is 0xff,
  /// \300\257 an overlong '/', \342\202 a cut-off euro sign.
  static let refusals: [(String, String)] = [
    (#""$HK" encode message "$(printf '"\377"')""#, "unable to decode byte 0xff"),
    (#""$HK" encode success "$(printf '["a\342\202"]')""#, "unable to decode byte 0xe2"),
    (#""$HK" encode call m "$(printf '"\377"')""#, "unable to decode byte 0xff"),
    (#""$HK" encode call "$(printf 'm\377')""#, "METHOD must be valid UTF-8, but byte 0xff"),
    (#""$HK" encode error "$(printf 'E\342\202')""#, "CODE must be valid UTF-8, but byte 0xe2"),
    (
      #""$HK" encode error E --message "$(printf '\300\257')""#,
      "--message must be valid UTF-8, but byte 0xc0 at offset 0"
    ),
    (
      #""$HK" encode error E --stacktrace="$(printf 'at \377')""#,
      "--stacktrace must be valid UTF-8, but byte 0xff at offset 3"
    ),
    (#""$HK" encode error E --details "$(printf '"\377"')""#, "in --details"),
    // The offending byte is named as it is (0xff), not as the U+FFFD (ef bf bd) of a repair.
    (#"printf '00\377' | "$HK" decode message"#, "offset 2: expected a hex digit"),
    (#"printf '00\377' | "$HK" decode message"#, "not byte 0xff"),
    (#""$HK" decode envelope 00 "$(printf '\377')""#, "not byte 0xff"),
  ]

  @Test("a real U+FFFD (ef bf bd) is valid UTF-8 and encodes as it is")
  func replacementCharacter() throws {
    let message = try hkbridgeInShell(#""$HK" encode message "$(printf '"\357\277\275"')""#)
    #expect(message.status == 0, "\(message.stderr)")
    #expect(message.stdout == "0703efbfbd\n")
    let call = try hkbridgeInShell(#""$HK" encode call "$(printf '\357\277\275')""#)
    #expect(call.stdout == "0703efbfbd00\n", "\(call.stderr)")
  }
}

/// Runs `command` with `/bin/sh -c`, `$HK` naming the hkbridge binary, so that arguments and
/// stdin can hold bytes that are not UTF-8 (which a Swift `String` cannot).
private func hkbridgeInShell(_ command: String) throws -> RunResult {
  let executable = try locateExecutable()
  var template = Array("/tmp/hkbridge-shell-XXXXXX".utf8CString)
  guard let created = mkdtemp(&template) else { throw CLITestError("mkdtemp failed: \(errno)") }
  let directory = String(cString: created)
  let outPath = directory + "/out"
  let errPath = directory + "/err"
  defer {
    unlink(outPath)
    unlink(errPath)
    rmdir(directory)
  }
  let script = "HK='\(executable)'; { \(command) ; } >'\(outPath)' 2>'\(errPath)' </dev/null"
  let words: [String] = ["/bin/sh", "-c", script]
  let argv = words.map { strdup($0) } + [nil]
  defer { for arg in argv { free(arg) } }
  var pid = pid_t()
  let spawned = posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ)
  guard spawned == 0 else { throw CLITestError("posix_spawn /bin/sh failed: \(spawned)") }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 {
    guard errno == EINTR else { throw CLITestError("waitpid failed: \(errno)") }
  }
  let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  return RunResult(
    status: exitStatus, stdout: try shellOutput(outPath), stderr: try shellOutput(errPath))
}

/// The text of a file the shell wrote.
private func shellOutput(_ path: String) throws -> String {
  let fd = open(path, O_RDONLY)
  guard fd >= 0 else { throw CLITestError("cannot open \(path)") }
  defer { close(fd) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 4096)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    if count > 0 {
      bytes.append(contentsOf: chunk[0..<count])
    } else if count == 0 || errno != EINTR {
      break
    }
  }
  return String(decoding: bytes, as: UTF8.self)
}
