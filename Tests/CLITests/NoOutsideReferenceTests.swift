import Foundation
import HKBridgeCLI
import Testing

/// The repository stands on its own: `protocol/` is the whole specification. No file refers to a
/// document a user does not have, and every relative link in the documents leads somewhere.
@Suite struct NoOutsideReferenceTests {
  init() { Composition.install() }
  /// The root of the package, found from this file's path.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The outside document's name, built from parts so that this file does not contain it.
  static let outsideName = "SP" + "EC"
  static let outsideDirectory = "../" + "shared"

  static let scannedDirectories = [
    "Sources", "Tests", "Benchmarks", "fuzz", "protocol", "scripts", "golden", ".ci",
  ]
  static let scannedFiles = ["README.md", "Package.swift"]
  static let skippedDirectories: Set<String> = [".build", ".dart_tool", ".git", "build"]
  static let thisFile = URL(fileURLWithPath: #filePath).standardizedFileURL.path

  /// Every regular file under `directory` (relative to the root), skipping build output.
  static func files(under directory: String) -> [String] {
    let base = root.appendingPathComponent(directory)
    guard
      let walker = FileManager.default.enumerator(
        at: base, includingPropertiesForKeys: [.isRegularFileKey, .isDirectoryKey])
    else { return [] }
    var found: [String] = []
    for case let url as URL in walker {
      let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isDirectoryKey])
      if values?.isDirectory == true, skippedDirectories.contains(url.lastPathComponent) {
        walker.skipDescendants()
      } else if values?.isRegularFile == true {
        found.append(url.standardizedFileURL.path)
      }
    }
    return found
  }

  static var scanned: [String] {
    scannedDirectories.flatMap { files(under: $0) }
      + scannedFiles.map { root.appendingPathComponent($0).standardizedFileURL.path }
      .filter { FileManager.default.fileExists(atPath: $0) }
  }

  /// Whether `text` holds `word` with no letter, digit or underscore on either side.
  static func containsWord(_ word: String, in text: String) -> Bool {
    let characters = Array(text.utf8)
    let needle = Array(word.utf8)
    guard characters.count >= needle.count else { return false }
    func isWordByte(_ byte: UInt8) -> Bool {
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
        || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }
    var index = 0
    while index + needle.count <= characters.count {
      if characters[index..<index + needle.count].elementsEqual(needle) {
        let before = index == 0 || !isWordByte(characters[index - 1])
        let afterIndex = index + needle.count
        let after = afterIndex == characters.count || !isWordByte(characters[afterIndex])
        if before && after { return true }
      }
      index += 1
    }
    return false
  }

  @Test func theWordTestCatchesWhatItShould() {
    #expect(Self.containsWord(Self.outsideName, in: "see the \(Self.outsideName)."))
    #expect(Self.containsWord(Self.outsideName, in: "(\(Self.outsideName) 9.4)"))
    #expect(
      !Self.containsWord(Self.outsideName, in: "\(Self.outsideName)IAL and _\(Self.outsideName)"))
    #expect(!Self.containsWord(Self.outsideName, in: "a spec"))
  }

  @Test func noFileRefersToTheOutsideDocument() throws {
    let files = Self.scanned.filter { $0 != Self.thisFile }
    #expect(files.count > 100, "the scan found only \(files.count) files: is the root right?")
    var offenders: [String] = []
    for path in files {
      guard let data = FileManager.default.contents(atPath: path),
        let text = String(data: data, encoding: .utf8)
      else { continue }
      let relative = String(path.dropFirst(Self.root.standardizedFileURL.path.count + 1))
      if Self.containsWord(Self.outsideName, in: text) {
        offenders.append("\(relative): names \(Self.outsideName); link the protocol/ page instead")
      }
      if text.contains(Self.outsideDirectory) {
        offenders.append("\(relative): points to \(Self.outsideDirectory)")
      }
    }
    #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
  }

  // MARK: Links

  /// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
  static func anchor(of heading: String) -> String {
    let kept = heading.lowercased().unicodeScalars.filter {
      CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_"
    }
    return String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-")
  }

  /// The anchors of the headings of a markdown text (outside code fences).
  static func anchors(of text: String) -> Set<String> {
    var result: Set<String> = []
    var inFence = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") { inFence.toggle() }
      guard !inFence, line.hasPrefix("#") else { continue }
      let level = line.prefix { $0 == "#" }.count
      let rest = line.dropFirst(level)
      guard level <= 6, rest.hasPrefix(" ") else { continue }
      result.insert(anchor(of: rest.trimmingCharacters(in: .whitespaces)))
    }
    return result
  }

  /// The targets of the `[text](target)` links of a markdown text (outside code fences).
  static func links(in text: String) -> [String] {
    var result: [String] = []
    var inFence = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") { inFence.toggle() }
      if inFence { continue }
      var rest = Substring(line)
      while let open = rest.range(of: "](") {
        let after = rest[open.upperBound...]
        guard let close = after.firstIndex(of: ")") else { break }
        result.append(String(after[..<close]))
        rest = after[close...]
      }
    }
    return result
  }

  @Test func theLinkReaderFindsLinksAndAnchors() {
    #expect(
      Self.links(in: "see [a](a.md#x) and [b](../b.md)\n```\n[c](c.md)\n```") == [
        "a.md#x", "../b.md",
      ])
    #expect(
      Self.anchor(of: "Control channel (`hkbridge/control`)") == "control-channel-hkbridgecontrol")
    #expect(
      Self.anchors(of: "# Top\n```\n# not\n```\n## Serving rules") == ["top", "serving-rules"])
  }

  @Test func everyRelativeLinkInTheDocumentsLeadsSomewhere() throws {
    let documents =
      Self.files(under: "protocol").filter { $0.hasSuffix(".md") }
      + [Self.root.appendingPathComponent("README.md").standardizedFileURL.path]
    #expect(documents.count > 10)
    var broken: [String] = []
    for path in documents {
      let text = try String(contentsOfFile: path, encoding: .utf8)
      let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
      let relative = String(path.dropFirst(Self.root.standardizedFileURL.path.count + 1))
      for link in Self.links(in: text) {
        if link.contains("://") || link.hasPrefix("mailto:") { continue }
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let file = String(parts[0])
        let fragment = parts.count > 1 ? String(parts[1]) : nil
        let target =
          file.isEmpty ? URL(fileURLWithPath: path) : directory.appendingPathComponent(file)
        guard FileManager.default.fileExists(atPath: target.standardizedFileURL.path) else {
          broken.append("\(relative): \(link): no such file")
          continue
        }
        if let fragment, target.pathExtension == "md" {
          let targetText = try String(contentsOf: target, encoding: .utf8)
          if !Self.anchors(of: targetText).contains(fragment) {
            broken.append("\(relative): \(link): no heading with that anchor")
          }
        }
      }
    }
    #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
  }
}
