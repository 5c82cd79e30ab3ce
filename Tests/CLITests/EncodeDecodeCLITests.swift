import Testing

/// The SPEC's example value and its Flutter bytes: list of 4; int32 1; float64 1.0 (already
/// 8-aligned at offset 8); int64 1; the string "é" (UTF-8 c3 a9).
let exampleJSON = #"[1, 1.0, {"$int64": 1}, "é"]"#
let exampleHex = "0c04030100000006000000000000f03f0401000000000000000702c3a9"

@Suite("hkbridge encode")
struct EncodeCLITests {
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
