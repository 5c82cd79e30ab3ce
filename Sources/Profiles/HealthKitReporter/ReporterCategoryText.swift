import HealthKitModel
import PluginHost

/// The `description` and `detail` HealthKitReporter gives a category value: the name of the
/// value's enumeration and a readable case name (`HKCategoryValueSleepAnalysis`, `In Bed`).
/// A value that is no case of its type gives two empty strings, as the library's defaults.
enum ReporterCategoryText {
  /// The enumeration of each category type (by identifier suffix) whose values are not
  /// `HKCategoryValue` itself; the symptom types use `HKCategoryValuePresence`.
  static let enumerations: [String: String] = [
    "SleepAnalysis": "HKCategoryValueSleepAnalysis",
    "MenstrualFlow": "HKCategoryValueMenstrualFlow",
    "OvulationTestResult": "HKCategoryValueOvulationTestResult",
    "CervicalMucusQuality": "HKCategoryValueCervicalMucusQuality",
    "AppleStandHour": "HKCategoryValueAppleStandHour",
    "AudioExposureEvent": "HKCategoryValueAudioExposureEvent",
    "Contraceptive": "HKCategoryValueContraceptive",
    "EnvironmentalAudioExposureEvent": "HKCategoryValueEnvironmentalAudioExposureEvent",
    "HeadphoneAudioExposureEvent": "HKCategoryValueHeadphoneAudioExposureEvent",
    "LowCardioFitnessEvent": "HKCategoryValueLowCardioFitnessEvent",
    "AppetiteChanges": "HKCategoryValueAppetiteChanges",
    "PregnancyTestResult": "HKCategoryValuePregnancyTestResult",
    "ProgesteroneTestResult": "HKCategoryValueProgesteroneTestResult",
    "AppleWalkingSteadinessEvent": "HKCategoryValueAppleWalkingSteadinessEvent",
  ]

  /// The readable names the library gives cases whose words are not simply spaced out.
  static let details: [String: String] = [
    "inBed": "In Bed", "asleepUnspecified": "Asleep unspecified", "awake": "Awake",
    "asleepCore": "Asleep core", "asleepDeep": "Asleep deep", "asleepREM": "Asleep REM",
    "notApplicable": "Not Applicable",
  ]

  static let prefix = "HKCategoryTypeIdentifier"

  static func text(identifier: String, rawValue: Int) -> (description: String, detail: String) {
    guard let info = Catalogue.info(identifier),
      let valueCase = info.categoryCase(rawValue: rawValue)
    else { return ("", "") }
    let suffix = String(identifier.dropFirst(prefix.count))
    let enumeration: String
    if let named = enumerations[suffix] {
      enumeration = named
    } else if info.categoryCases.contains(where: { $0.name == "notApplicable" }) {
      enumeration = "HKCategoryValue"
    } else {
      enumeration = "HKCategoryValuePresence"
    }
    return (enumeration, details[valueCase.name] ?? spaced(valueCase.name))
  }

  /// `camelCase` → `Camel case`.
  static func spaced(_ name: String) -> String {
    var out = ""
    for character in name {
      if character.isUppercase, !out.isEmpty {
        out += " " + character.lowercased()
      } else {
        out.append(out.isEmpty ? Character(character.uppercased()) : character)
      }
    }
    return out
  }

  /// `camelCase` → `Camel Case` (the library's workout activity descriptions).
  static func titled(_ name: String) -> String {
    spaced(name).split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }
      .joined(separator: " ")
  }
}
