import HKBridgeCLI
import Testing

/// `hkbridge types` (protocol/cli.md). Expected rows are taken from seed 000's tables and protocol/healthkit-rules.md#rulings,
/// not from the command's output.
@Suite("hkbridge types")
struct TypesCLITests {
  init() { Composition.install() }
  /// One expected `--json` row, as the seed and protocol/healthkit-rules.md state it.
  struct Row: Sendable, CustomStringConvertible {
    var os: String
    var ckType: String
    var json: String
    var description: String { "\(ckType) on \(os)" }
  }

  static let rows: [Row] = [
    Row(
      os: "17.5", ckType: "steps",
      json: #"{"ckType": "steps", "hkIdentifier": "HKQuantityTypeIdentifierStepCount", "#
        + #""kind": "quantity", "minimumOS": "8.0", "read": true, "write": true, "reason": null}"#),
    Row(
      os: "17.5", ckType: "weight",
      json: #"{"ckType": "weight", "hkIdentifier": "HKQuantityTypeIdentifierBodyMass", "#
        + #""kind": "quantity", "minimumOS": "8.0", "read": true, "write": true, "reason": null}"#),
    // protocol/healthkit-rules.md#rulings: vo2Max maps to HKQuantityTypeIdentifierVO2Max, iOS 11.
    Row(
      os: "12.0", ckType: "vo2Max",
      json: #"{"ckType": "vo2Max", "hkIdentifier": "HKQuantityTypeIdentifierVO2Max", "#
        + #""kind": "quantity", "minimumOS": "11.0", "read": true, "write": true, "reason": null}"#),
    // Seed 000: contraceptive needs iOS 14.3.
    Row(
      os: "12.0", ckType: "contraceptive",
      json:
        #"{"ckType": "contraceptive", "hkIdentifier": "HKCategoryTypeIdentifierContraceptive", "#
        + #""kind": "category", "minimumOS": "14.3", "read": false, "write": false, "#
        + #""reason": "requiresNewerOS"}"#),
    // Seed 000 "No iOS Support": totalEnergy has no equivalent.
    Row(
      os: "17.5", ckType: "totalEnergy",
      json: #"{"ckType": "totalEnergy", "hkIdentifier": null, "kind": "unsupported", "#
        + #""minimumOS": null, "read": false, "write": false, "reason": "noEquivalent"}"#),
    // A characteristic is read through readCharacteristic, never written.
    Row(
      os: "17.5", ckType: "bloodType",
      json: #"{"ckType": "bloodType", "hkIdentifier": "#
        + #""HKCharacteristicTypeIdentifierBloodType", "kind": "characteristic", "#
        + #""minimumOS": "8.0", "read": true, "write": false, "reason": "characteristic"}"#),
    // protocol/record-shapes.md: standalone distance is only valid inside a workout.
    Row(
      os: "17.5", ckType: "distance",
      json: #"{"ckType": "distance", "hkIdentifier": null, "kind": "workoutComponent", "#
        + #""minimumOS": null, "read": false, "write": false, "reason": "workoutOnly"}"#),
  ]

  @Test("--json rows match the seed", arguments: rows)
  func jsonRow(row: Row) throws {
    let result = try hkbridge(["types", "--os", row.os, "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map {
      $0.trimmingPrefix(while: { $0 == " " })
    }
    let line = lines.first { $0.hasPrefix(#"{"ckType": "\#(row.ckType)""#) }
    let text = line.map { String($0.hasSuffix(",") ? $0.dropLast() : $0) }
    #expect(text == row.json)
  }

  @Test("--json is sorted by ckType and includes member names")
  func sortedWithMembers() throws {
    let result = try hkbridge(["types", "--json"])
    #expect(result.status == 0)
    let names = result.stdout.split(separator: "\n").compactMap { line -> String? in
      guard let start = line.firstRange(of: #"{"ckType": ""#) else { return nil }
      let rest = line[start.upperBound...]
      return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
    #expect(names == names.sorted())
    #expect(names.contains("bloodPressure.systolic"))
    #expect(names.contains("nutrition.protein"))
    // protocol/healthkit-rules.md#rulings: these are not CKTypes.
    #expect(!names.contains("lactation"))
    #expect(!names.contains("pregnancy"))
    #expect(!names.contains("stairSpeed"))
  }

  @Test("electrocardiogram is read-only (protocol/healthkit-rules.md#rulings)")
  func electrocardiogramReadOnly() throws {
    let result = try hkbridge(["types", "--os", "17.5", "--json"])
    let line = result.stdout.split(separator: "\n").first {
      $0.contains(#""ckType": "electrocardiogram""#)
    }
    #expect(line?.contains(#""read": true, "write": false"#) == true)
  }

  @Test("the readable table names the version and every CKType")
  func table() throws {
    let result = try hkbridge(["types", "--os", "12.0"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("iOS 12.0"))
    #expect(result.stdout.contains("HKQuantityTypeIdentifierStepCount"))
    #expect(result.stdout.contains("requiresNewerOS"))
  }

  @Test("a bad --os exits 2 and names the value", arguments: ["abc", "17.x", ""])
  func badOS(os: String) throws {
    let result = try hkbridge(["types", "--os", os])
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(!result.stderr.isEmpty)
  }
}
