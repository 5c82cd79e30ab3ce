import ArgumentParser
import CKTypeRecords
import ChannelJSON
import HealthKitModel

/// `hkbridge types`: the CKType table as the RecordTypeMapper resolves it on one iOS version.
struct TypesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "types",
    abstract: "Show every CKType as the mapper resolves it on an iOS version.",
    discussion: """
      One line per CKType, composite members such as bloodPressure.systolic
      included, sorted by CKType: the HealthKit identifier, its kind, the
      minimum iOS, whether readRecords / writeRecord (readCharacteristic for
      characteristics) accept it on that iOS version, and the reason when not
      (noEquivalent, workoutOnly, activityDependent, requiresNewerOS,
      characteristic, deviceExclusive). An --os that is not a version such as
      17.5, 12.0 or 16 exits with status 2.

      Examples:
        hkbridge types
        hkbridge types --os 12.0
        hkbridge types --os 16 --json
      """
  )

  @Option(name: .long, help: "The iOS version to resolve for, e.g. 17.5, 12.0 or 16.")
  var os: String = OSVersion.emulatorDefault.description

  @Flag(
    name: .long,
    help: "Print a JSON array of {ckType, hkIdentifier, kind, minimumOS, read, write, reason}.")
  var json = false

  struct OSProblem: Error, CustomStringConvertible {
    var description: String
  }

  func run() throws {
    let version: OSVersion
    do {
      if let problem = OSOption.problem(os) { throw OSProblem(description: problem) }
      version = try OSVersion.parse(os)
    } catch {
      CommandIO.writeError("hkbridge types: \(error)")
      throw ExitCode(2)
    }
    let rows = TypesTable.rows(os: version)
    print(json ? TypesPrinter.json(rows) : TypesPrinter.table(rows, os: version), terminator: "")
  }
}

/// The two printed forms of the types table.
enum TypesPrinter {
  static func json(_ rows: [TypesRow]) -> String {
    var out = "[\n"
    for (index, row) in rows.enumerated() {
      let fields = [
        "\"ckType\": \(quoted(row.ckType))",
        "\"hkIdentifier\": \(row.hkIdentifier.map(quoted) ?? "null")",
        "\"kind\": \(quoted(row.kind))",
        "\"minimumOS\": \(row.minimumOS.map { quoted($0.description) } ?? "null")",
        "\"read\": \(row.read)",
        "\"write\": \(row.write)",
        "\"reason\": \(row.reason.map { quoted($0.rawValue) } ?? "null")",
      ]
      out += "  {" + fields.joined(separator: ", ") + "}"
      out += index == rows.count - 1 ? "\n" : ",\n"
    }
    return out + "]\n"
  }

  static func table(_ rows: [TypesRow], os: OSVersion) -> String {
    let header = ["CKTYPE", "HEALTHKIT IDENTIFIER", "KIND", "MIN iOS", "READ", "WRITE", "REASON"]
    let cells = rows.map { row in
      [
        row.ckType, row.hkIdentifier ?? "-", row.kind, row.minimumOS?.description ?? "-",
        row.read ? "yes" : "no", row.write ? "yes" : "no", row.reason?.rawValue ?? "-",
      ]
    }
    var widths = header.map(\.count)
    for line in cells {
      for (column, cell) in line.enumerated() { widths[column] = max(widths[column], cell.count) }
    }
    func format(_ line: [String]) -> String {
      line.enumerated().map { column, cell in
        column == line.count - 1
          ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
      }.joined(separator: "  ")
    }
    var out = "CKTypes on iOS \(os) (\(rows.count) types)\n"
    out += format(header) + "\n"
    for line in cells { out += format(line) + "\n" }
    return out
  }

  /// A JSON string literal, as the project's JSON printer writes it.
  static func quoted(_ text: String) -> String {
    ChannelJSON.print(.string(text))
  }
}
