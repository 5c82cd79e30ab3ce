import ArgumentParser
import Testing

@testable import HKBridgeCLI

/// The fast path reads a well-formed line into the same command swift-argument-parser does, and
/// hands everything else to it (so its messages stay its own).
@Suite struct FastCommandLineTests {
  init() { Composition.install() }
  static let wellFormed: [[String]] = [
    ["serve"],
    [
      "serve", "--profile", "health", "--profile", "healthkit_permissions", "--channel", "a",
      "--channel", "b", "--device", "iPad", "--os", "16.4", "--bundle-id", "com.acme.run",
      "--app-name", "Acme Run", "--record", "r.jsonl", "--scenario", "s.jsonl", "--max-frame",
      "1024", "--log-level", "info", "--jsonl", "--playback", "p.jsonl", "--record-mode", "new",
    ],
    ["replay", "a.jsonl", "b.jsonl"],
    [
      "replay", "--match", "value", "--update", "--json", "--profile", "health", "--channel", "c",
      "--device", "iPhone", "--os", "17.5", "-j", "2", "a.jsonl",
    ],
    ["encode", "message", "[1, 2]"],
    ["encode", "call", "isAvailable"],
    ["encode", "call", "readRecords", "{\"type\": \"steps\"}"],
    ["encode", "success", "true"],
    ["encode", "error", "NOT_FOUND", "--message", "m", "--details", "{}", "--stacktrace", "s"],
    ["decode", "message", "0c02", "0301000000"],
    ["decode", "call", "--allow-extensions", "070b6973417661696c61626c6500"],
    ["decode", "envelope", "--max-input", "100"],
  ]

  @Test(arguments: wellFormed)
  func readsAsArgumentParserReads(_ words: [String]) throws {
    let fast = try #require(FastCommandLine.command(words[...]))
    let parsed = try HKBridge.parseAsRoot(words)
    #expect(String(describing: fast) == String(describing: parsed))
  }

  static let handedOn: [[String]] = [
    [], ["--version"], ["help", "serve"], ["types"],
    ["serve", "--help"], ["serve", "-h"], ["serve", "help"], ["serve", "--chanel", "x"],
    ["serve", "--channel"], ["serve", "--channel", "--jsonl"], ["serve", "--max-frame", "x"],
    ["serve", "--device=iPad"], ["serve", "--jsonl", "--jsonl"],
    ["serve", "--os", "1", "--os", "2"],
    ["serve", "extra"], ["serve", "--", "x"],
    ["replay", "--match", "nope", "a.jsonl"], ["replay", "-j", "-1", "a.jsonl"],
    ["replay", "-j", "x", "a.jsonl"], ["replay", "--device", "iPod", "a.jsonl"],
    ["encode"], ["encode", "message", "-5"], ["encode", "error"], ["encode", "error", "A", "B"],
    ["encode", "call"], ["decode", "message", "--max-input"], ["decode", "bytes", "00"],
  ]

  @Test(arguments: handedOn)
  func handsEverythingElseToArgumentParser(_ words: [String]) {
    #expect(FastCommandLine.command(words[...]) == nil)
  }

  /// Every option a command declares has its row (else a line using it takes the slow path).
  @Test func everyDeclaredOptionHasARow() {
    /// The names that start the lines of the help's OPTIONS section.
    func declared(_ help: String) -> Set<String> {
      var names: Set<String> = []
      let options = help.split(separator: "OPTIONS:", maxSplits: 1).last ?? ""
      for line in options.split(separator: "\n") {
        let trimmed = line.drop { $0 == " " }
        guard trimmed.hasPrefix("-") else { continue }
        let name = String(trimmed.prefix { $0 != " " && $0 != "," && $0 != "<" })
        if name != "--help" && name != "-h" { names.insert(name) }
      }
      return names
    }
    func rows<C: FastParsable>(_: C.Type) -> Set<String> { Set(C.fastOptions.map(\.name)) }
    #expect(declared(ServeCommand.helpMessage()).isSubset(of: rows(ServeCommand.self)))
    #expect(declared(ReplayCommand.helpMessage()).isSubset(of: rows(ReplayCommand.self)))
    #expect(
      declared(EncodeCommand.ErrorEnvelope.helpMessage()).isSubset(
        of: rows(EncodeCommand.ErrorEnvelope.self)))
    #expect(
      declared(DecodeCommand.Message.helpMessage()).isSubset(
        of: rows(DecodeCommand.Options.self)))
  }
}
