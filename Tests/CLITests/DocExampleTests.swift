import Foundation
import Testing

/// The shell examples of `protocol/*.md` and the README print what the binary prints: every
/// `$ COMMAND` line in a fenced block is run (through `/bin/sh`, the built `hkbridge` first on
/// `PATH`, in an empty temporary folder), and the lines after it, up to the next `$` line or
/// the fence, must be its stdout exactly (or its stderr, when it writes nothing to stdout).
@Suite struct DocExampleTests {
  /// One `$` line of a document and the output shown under it.
  struct Example: CustomStringConvertible {
    var file: String
    var line: Int
    var command: String
    var output: [String]

    var description: String { "\(file):\(line): $ \(command)" }
  }

  /// Examples that are not run, by their command, and why.
  static let notRun: [String: String] = [
    "hkbridge --version": "its third line names the commit checked out, which changes",
    "hkbridge serve --custom-channel my_plugin --jsonl":
      "a session by hand: the lines under it are its input",
    "hkbridge serve --jsonl --record session.jsonl":
      "a session by hand: input after `>`, replies shortened",
    "hkbridge replay --update calls.jsonl": "the document shows calls.jsonl only in part",
  ]

  /// Files an example reads, made in its folder first.
  static let fixtures: [String: String] = ["empty.jsonl": ""]

  static let documents: [String] = {
    let folder = NoOutsideReferenceTests.root.appendingPathComponent("protocol")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".md") }.sorted().map { "protocol/\($0)" } + ["README.md"]
  }()

  /// The `$` lines of one document's fenced blocks, each with the output under it.
  static func examples(in file: String) -> [Example] {
    let url = NoOutsideReferenceTests.root.appendingPathComponent(file)
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    var found: [Example] = []
    var fenced = false
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      if line.hasPrefix("```") {
        fenced.toggle()
        continue
      }
      guard fenced else { continue }
      if line.hasPrefix("$ ") {
        found.append(
          Example(file: file, line: index + 1, command: String(line.dropFirst(2)), output: []))
      } else if let last = found.last, last.line + last.output.count == index {
        // A line right under the `$` line or its output so far.
        found[found.count - 1].output.append(String(line))
      }
    }
    return found
  }

  static let allExamples: [Example] = documents.flatMap(examples(in:))

  /// Runs `command` through `/bin/sh` in a new temporary folder with the fixtures, the built
  /// `hkbridge` first on `PATH`; its stdout and stderr.
  static func run(_ command: String) throws -> (stdout: String, stderr: String) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("hkbridge-doc-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, contents) in fixtures {
      try contents.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    let binaries = folder.appendingPathComponent(".bin")
    try FileManager.default.createDirectory(at: binaries, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: binaries.appendingPathComponent("hkbridge").path,
      withDestinationPath: try locateExecutable())
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "( \(command) ) </dev/null >.stdout 2>.stderr"]
    process.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = binaries.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    process.environment = environment
    try process.run()
    process.waitUntilExit()
    let stdout = try String(contentsOf: folder.appendingPathComponent(".stdout"), encoding: .utf8)
    let stderr = try String(contentsOf: folder.appendingPathComponent(".stderr"), encoding: .utf8)
    return (stdout, stderr)
  }

  @Test("the documents have examples to run, and every one not run is named")
  func examplesFound() {
    let run = Self.allExamples.filter { Self.notRun[$0.command] == nil }
    #expect(run.count >= 15)
    let named = Set(Self.allExamples.map(\.command))
    for command in Self.notRun.keys {
      #expect(named.contains(command), "not-run entry \(command) matches no example: remove it")
    }
  }

  @Test("each shell example prints what its document shows", arguments: allExamples)
  func examplePrintsWhatIsShown(_ example: Example) throws {
    if Self.notRun[example.command] != nil { return }
    let shown = example.output.joined(separator: "\n") + "\n"
    let printed = try Self.run(example.command)
    let actual = printed.stdout.isEmpty ? printed.stderr : printed.stdout
    #expect(actual == shown, "\(example) prints:\n\(actual)")
  }
}
