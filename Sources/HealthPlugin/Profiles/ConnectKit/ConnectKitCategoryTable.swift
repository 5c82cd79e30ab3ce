import HealthKitModel

/// ConnectKit's category names and value names (its `CategoryMapper`) → HealthKit raw values,
/// for `data` records with a `category` value. One row per category; a category whose HealthKit
/// enum is newer than the device's iOS has no values there (the host's map is empty).
enum ConnectKitCategoryTable {
  struct Row: Sendable {
    var category: String
    var minimumOS: OSVersion?
    var values: [String: Int]
  }

  static let rows: [Row] = [
    Row(category: "CKIntermenstrualBleedingType", values: ["notApplicable": 0, "unknown": 0]),
    Row(
      category: "CKContraceptiveValue", minimumOS: OSVersion(14, 3),
      values: [
        "unspecified": 1, "implant": 2, "injection": 3, "intrauterineDevice": 4,
        "intravaginalRing": 5, "oral": 6, "patch": 7, "unknown": 1,
      ]),
    Row(
      category: "CKProgesteroneTestResult", minimumOS: OSVersion(15, 0),
      values: ["negative": 1, "positive": 2, "indeterminate": 3, "unknown": 3]),
    Row(category: "CKMindfulnessSessionType", values: ["unknown": 0]),
    Row(
      category: "CKMenstruationFlow", minimumOS: OSVersion(18, 0),
      values: ["light": 2, "medium": 3, "heavy": 4, "none": 5, "unknown": 1]),
    Row(
      category: "CKCervicalMucusAppearance",
      values: ["dry": 1, "sticky": 2, "creamy": 3, "watery": 4, "eggWhite": 5, "unknown": 1]),
    Row(
      category: "CKOvulationTestResult",
      values: ["high": 4, "negative": 1, "positive": 2, "inconclusive": 3]),
    Row(
      category: "CKSexualActivityProtection",
      values: ["protected": 0, "unprotected": 0, "unknown": 0]),
    Row(
      category: "SleepSession", minimumOS: OSVersion(16, 0),
      values: [
        "inBed": 0, "outOfBed": 1, "sleeping": 1, "awake": 2, "light": 3, "deep": 4, "rem": 5,
        "unknown": 1,
      ]),
  ]

  /// The raw value of `value` in `category` on `os`, or `nil` when the host's map has none.
  static func raw(category: String, value: String, os: OSVersion) -> Int? {
    guard let row = rows.first(where: { $0.category == category }),
      (row.minimumOS ?? os) <= os
    else { return nil }
    return row.values[value]
  }
}
