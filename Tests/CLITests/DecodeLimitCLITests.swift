import HKBridgeCLI
import Testing

/// `decode` reads at most `--max-input` bytes of stdin; the top-level help's examples run as
/// printed.
@Suite struct DecodeLimitCLITests {
  init() { Composition.install() }
  @Test func stdinPastTheCapIsRefused() throws {
    let result = try hkbridge(
      ["decode", "message", "--max-input", "1000"], stdin: String(repeating: "00", count: 501))
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "error: stdin holds more than 1000 bytes (--max-input): nothing was decoded; give a "
        + "larger --max-input, or the hex as arguments\n")
  }

  @Test func stdinAtTheCapIsDecoded() throws {
    // 1000 bytes: "0c01" (a list of one) and 00 (null) padded with spaces.
    let input = "0c0100" + String(repeating: " ", count: 994)
    let result = try hkbridge(["decode", "message", "--max-input", "1000"], stdin: input)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "[null]\n")
  }

  @Test func theDefaultCapIs64MiBAndANegativeCapIsRefused() throws {
    let help = try hkbridge(["decode", "message", "--help"])
    #expect(help.stdout.contains("--max-input <max-input>"))
    #expect(help.stdout.contains("(default: 67108864)"))
    let negative = try hkbridge(["decode", "message", "--max-input=-1"], stdin: "00")
    #expect(negative.status == 2)
    #expect(negative.stderr.contains("--max-input -1: expected a byte count, 0 or more"))
  }

  /// Splits a shell line into words: spaces separate, single quotes group.
  static func words(_ line: Substring) -> [String] {
    var words: [String] = []
    var current = ""
    var quoted = false
    var inWord = false
    for character in line {
      if character == "'" {
        quoted.toggle()
        inWord = true
      } else if character == " " && !quoted {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else {
        current.append(character)
        inWord = true
      }
    }
    if inWord { words.append(current) }
    return words
  }

  @Test func theTopLevelHelpExamplesRunAsPrinted() throws {
    let help = try hkbridge(["--help"])
    let examples = help.stdout.split(separator: "\n")
      .filter { $0.hasPrefix("  hkbridge ") && !$0.contains("*") }
      .map { $0.drop { $0 == " " } }
    #expect(examples.count >= 3)
    for example in examples {
      let result = try hkbridge(Array(Self.words(example).dropFirst()))
      #expect(result.status == 0, "\(example): \(result.stderr)")
    }
    let decode = try #require(examples.first { $0.hasPrefix("hkbridge decode message") })
    let result = try hkbridge(Array(Self.words(decode).dropFirst()))
    #expect(result.stdout == #"[1, "é"]"# + "\n")
  }
}
