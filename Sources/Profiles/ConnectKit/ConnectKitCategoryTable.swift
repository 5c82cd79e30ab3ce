import HealthKitModel
import PluginHost

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
    // Characteristics' values: no characteristic can be written, so these only matter when a
    // category value of another type names them.
    Row(
      category: "CKBiologicalSex", values: ["female": 1, "male": 2, "other": 3, "unknown": 0]),
    Row(
      category: "CKBloodType",
      values: [
        "aPositive": 1, "aNegative": 2, "bPositive": 3, "bNegative": 4, "abPositive": 5,
        "abNegative": 6, "oPositive": 7, "oNegative": 8, "unknown": 0,
      ]),
    Row(
      category: "CKFitzpatrickSkinType",
      values: ["I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "unknown": 0]),
    // Used by `multiple` values' properties (HealthKit metadata keys).
    Row(
      category: "CKBodyTemperatureMeasurementLocation",
      values: [
        "armpit": 1, "body": 2, "ear": 3, "finger": 4, "gastroIntestinal": 5, "mouth": 6,
        "rectum": 7, "toe": 8, "earDrum": 9, "artery": 10, "forehead": 11, "unknown": 0,
      ]),
    Row(
      category: "CKVo2MaxMeasurementMethod",
      values: [
        "cooperTest": 1, "rateRatio": 3, "metabolicCart": 1, "multistageFitnessTest": 1,
        "fitnessTest": 2, "other": 1,
      ]),
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
