import ChannelTestSupport
import FlutterCodec
import HealthKitModel
import Testing

@testable import HealthStore
@testable import PluginHost
@testable import PluginProfiles

/// A name from another naming scheme is refused (or, by the request methods, skipped) with its
/// spelling in the scheme the method takes, and `details.expected` (protocol/vocabulary.md).
@Suite struct SchemeHintTests {
  static let stepCount = "HKQuantityTypeIdentifierStepCount"

  /// Names of step count in every other spelling, for methods taking raw identifiers.
  static let notRaw = ["steps", "stepCount", ".stepCount", "HKQuantityTypeIdentifier.stepCount"]

  @Test(arguments: notRaw)
  func authorizationStatusGivesTheRawIdentifier(name: String) {
    let error = Harness().failure("authorizationStatus", ["identifier": .string(name)])
    #expect(error?.code == "UNSUPPORTED_TYPE")
    #expect(error?.details["didYouMean"] == .string(Self.stepCount))
    #expect(error?.details["expected"] == "rawIdentifier")
    #expect(error?.message?.contains("this method takes raw HealthKit identifiers") == true)
    #expect(error?.message?.contains("use '\(Self.stepCount)'") == true)
  }

  @Test func readCharacteristicGivesTheRawIdentifier() {
    let error = Harness().failure("readCharacteristic", ["identifier": "biologicalSex"])
    #expect(error?.details["didYouMean"] == "HKCharacteristicTypeIdentifierBiologicalSex")
    #expect(error?.details["expected"] == "rawIdentifier")
  }

  @Test func aMisspeltRawIdentifierStillSaysTheSchemeExpected() {
    let error = Harness().failure(
      "authorizationStatus", ["identifier": "HKQuantityTypeIdentifierStepCont"])
    #expect(error?.details["didYouMean"] == .string(Self.stepCount))
    #expect(error?.details["expected"] == "rawIdentifier")
  }

  @Test func requestMethodsSkipWithTheRightSpelling() {
    let h = Harness()
    let args: ChannelValue = [
      "identifiers": ["steps", "HKQuantityTypeIdentifierHeartRate"], "read": true, "write": false,
    ]
    #expect(h.ok("requestQuantityPermissions", args) == true)
    #expect(h.warnings.count == 1)
    #expect(h.warnings.first?.contains("'steps' is a CKType") == true)
    #expect(h.warnings.first?.contains("use '\(Self.stepCount)'") == true)
    #expect(
      h.ok("requestStatus", ["read": ["bodyMass", .string(Self.stepCount)], "write": []])
        == "shouldRequest")
    #expect(h.warnings.last?.contains("use 'HKQuantityTypeIdentifierBodyMass'") == true)
  }

  /// Raw identifiers and Swift names where CKTypes are expected.
  static let notCKType: [(String, String)] = [
    (stepCount, "steps"), ("HKQuantityTypeIdentifierBodyMass", "weight"), ("bodyMass", "weight"),
    (".flightsClimbed", "floorsClimbed"),
    ("HKCategoryTypeIdentifier.sleepAnalysis", "sleepSession"),
  ]

  @Test(arguments: notCKType)
  func recordMethodsGiveTheCKType(name: String, ckType: String) {
    let h = Harness()
    let read = h.failure("readRecords", ["type": .string(name)])
    #expect(read?.code == "UNSUPPORTED_TYPE")
    #expect(read?.details["didYouMean"] == .string(ckType))
    #expect(read?.details["expected"] == "ckType")
    #expect(read?.message?.contains("this method takes CKType names: use '\(ckType)'") == true)
    let write = h.failure("writeRecord", record(name, [("value", 1), ("unit", "count")]))
    #expect(write?.details["didYouMean"] == .string(ckType))
    #expect(write?.details["expected"] == "ckType")
    let request = h.failure("requestPermissions", ["read": [.string(name)], "write": []])
    #expect(request?.details["didYouMean"] == .string(ckType))
    #expect(request?.details["expected"] == "ckType")
    let check = h.failure("checkPermissions", ["types": [.string(name)]])
    #expect(check?.details["didYouMean"] == .string(ckType))
  }

  @Test func aRawIdentifierWithNoCKTypeSaysSo() {
    let error = Harness().failure(
      "readRecords", ["type": "HKQuantityTypeIdentifierNumberOfTimesFallen"])
    #expect(error?.details["didYouMean"] == nil)
    #expect(error?.details["expected"] == "ckType")
    #expect(error?.message?.contains("no CKType maps to it") == true)
  }
}

/// Common unit aliases get HealthKit's spelling.
@Suite struct UnitAliasTests {
  @Test func everyAliasIsRefusedAndEveryUnitAccepted() {
    for row in UnitAliasTable.rows {
      #expect((try? HealthUnit(row.alias)) == nil, "alias \(row.alias) parses")
      #expect((try? HealthUnit(row.unit)) != nil, "unit \(row.unit) does not parse")
    }
  }

  @Test(arguments: [
    ("heartRate", "bpm", "count/min"), ("heartRate", "beats/min", "count/min"),
    ("bodyTemperature", "°C", "degC"), ("bodyTemperature", "°F", "degF"),
    ("weight", "lbs", "lb"), ("waterIntake", "liter", "L"),
  ])
  func writeSuggestsTheUnit(type: String, alias: String, unit: String) {
    let h = Harness()
    h.allow([type])
    let error = h.failure(
      "writeRecord", record(type, [("value", 60), ("unit", .string(alias))]))
    #expect(error?.code == "INVALID_ARGUMENTS")
    #expect(error?.details["field"] == "unit")
    #expect(error?.details["didYouMean"] == .string(unit))
    #expect(error?.message?.hasSuffix("(did you mean '\(unit)'?)") == true)
  }

  @Test func anAliasThatDoesNotFitTheTypeIsNotSuggested() {
    let h = Harness()
    h.allow(["heartRate"])
    let error = h.failure("writeRecord", record("heartRate", [("value", 60), ("unit", "°C")]))
    #expect(error?.details == ["field": "unit", "iosBehavior": "exception"])
  }

  @Test func readSuggestsTheUnitAndMmHgIsValid() {
    let h = Harness()
    h.allow(["heartRate", "bloodPressure"])
    let error = h.failure("readRecords", ["type": "heartRate", "unit": "bpm"])
    #expect(error?.details["didYouMean"] == "count/min")
    #expect(h.ok("readRecords", ["type": "bloodPressure", "unit": "mmHg"]) == [])
  }
}
