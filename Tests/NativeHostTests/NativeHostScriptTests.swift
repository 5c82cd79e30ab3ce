import Foundation
import Testing

/// `scripts/native-host`'s naming of `--with` folders (protocol/native.md): a pod's `Sources/`
/// becomes the module of the one podspec beside it, any other folder takes its own name as given
/// (a symbolic link's), and a build that misses a module says what the folders became. The
/// script's functions are called through `python3`, on folders made for each test.
@Suite struct NativeHostScriptTests {
  static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scripts/native-host").path

  /// The text `expression` (Python, with the script loaded as `nh`) prints.
  func python(_ expression: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    let program = """
      import importlib.machinery, importlib.util, sys
      loader = importlib.machinery.SourceFileLoader("nh", sys.argv[1])
      spec = importlib.util.spec_from_loader("nh", loader)
      nh = importlib.util.module_from_spec(spec)
      loader.exec_module(nh)
      print(\(expression))
      """
    process.arguments = ["python3", "-c", program, Self.script]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "python3 failed on \(expression)")
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A new folder with the given files (empty) and symbolic links (name → target).
  func folder(files: [String], links: [String: String] = [:]) throws -> URL {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("native-host-\(UUID().uuidString)")
    for file in files {
      let url = root.appendingPathComponent(file)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data().write(to: url)
    }
    for (name, target) in links {
      try FileManager.default.createSymbolicLink(
        atPath: root.appendingPathComponent(name).path,
        withDestinationPath: root.appendingPathComponent(target).path)
    }
    return root
  }

  @Test func aPodsSourcesFolderIsNamedByItsPodspec() throws {
    let root = try folder(files: ["Reporter/Reporter.podspec", "Reporter/Sources/A.swift"])
    defer { try? FileManager.default.removeItem(at: root) }
    let sources = root.appendingPathComponent("Reporter/Sources").path
    #expect(try python("nh.pod_module_name('\(sources)')") == "Reporter")
    #expect(try python("nh.pod_module_name('\(sources)/')") == "Reporter")
  }

  @Test func anyOtherFolderTakesItsOwnNameAsGiven() throws {
    let root = try folder(
      files: ["Lib/A.swift", "Two/One.podspec", "Two/Other.podspec", "Two/Src/B.swift"],
      links: ["My-Pod": "Lib"])
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(try python("nh.pod_module_name('\(root.path)/Lib')") == "Lib")
    // A link is named by its own name (made a module name), not its target's.
    #expect(try python("nh.pod_module_name('\(root.path)/My-Pod')") == "My_Pod")
    // Two podspecs beside it: no pod is named, the folder's name stands.
    #expect(try python("nh.pod_module_name('\(root.path)/Two/Src')") == "Src")
  }

  @Test func aMissingModuleIsExplainedByWhatTheFoldersBecame() throws {
    let text =
      "a.swift:9:8: error: no such module 'Reporter'\nb.swift:1:8: error: no such module 'Reporter'"
    let hints = try python(
      "'|'.join(nh.module_hints(\(pythonString(text)), [('Sources', '/p/Sources')]))")
    #expect(
      hints
        == "native-host: no module Reporter was built: the --with folders became Sources (from "
        + "/p/Sources); a folder of Swift sources becomes the module of the one podspec beside "
        + "it, else takes its own name: pass a folder (or a symbolic link) named Reporter")
    // A module one of the folders became, or no --with folder at all: nothing to explain.
    #expect(try python("nh.module_hints(\(pythonString(text)), [('Reporter', '/p')])") == "[]")
    #expect(try python("nh.module_hints(\(pythonString(text)), [])") == "[]")
  }

  @Test func theGeneratedTargetsAreReadFromAManifest() throws {
    let manifest = """
      targets: [
          .target(name: "Reporter", dependencies: [], path: "Sources/Reporter"),
          .executableTarget(
            name: "health_kit_reporter", dependencies: ["Reporter"]),
      ]
      """
    #expect(
      try python("sorted(nh.generated_targets(\(pythonString(manifest))))")
        == "['Reporter', 'health_kit_reporter']")
  }

  @Test func theProductsOfTargetsBuiltBeforeAreRemoved() throws {
    let root = try folder(files: [
      ".build/release/Modules/Old.swiftmodule", ".build/release/Modules/Old.swiftdoc",
      ".build/release/Modules/Older.swiftmodule", ".build/release/Modules/Keep.swiftmodule",
      ".build/release/Modules/Flutter.swiftmodule", ".build/release/Old.build/a.o",
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    // Older was built before the last manifest: the record of generated targets names it.
    try "Older\n".write(
      to: root.appendingPathComponent("generated-targets"), atomically: true, encoding: .utf8)
    let old = pythonString(".target(name: \"Old\", x), .executableTarget(name: \"Keep\", y)")
    let new = pythonString(".executableTarget(name: \"Keep\", y)")
    _ = try python("nh.drop_stale_modules('\(root.path)', \(old), \(new))")
    let modules = try FileManager.default.contentsOfDirectory(
      atPath: root.appendingPathComponent(".build/release/Modules").path)
    #expect(modules.sorted() == ["Flutter.swiftmodule", "Keep.swiftmodule"])
    #expect(!FileManager.default.fileExists(atPath: root.path + "/.build/release/Old.build"))
    let record = try String(
      contentsOf: root.appendingPathComponent("generated-targets"), encoding: .utf8)
    #expect(record == "Keep\n")
  }

  /// `text` as a Python string literal.
  func pythonString(_ text: String) -> String {
    "'"
      + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
      .replacingOccurrences(of: "\n", with: "\\n") + "'"
  }
}
