import HealthKitModel
import Testing

@testable import HealthStore

@Suite struct AuthorizationRuleTests {
  let steps = "HKQuantityTypeIdentifierStepCount"
  let heartRate = "HKQuantityTypeIdentifierHeartRate"
  let bloodType = "HKCharacteristicTypeIdentifierBloodType"

  @Test func requestPromptsOnlyForUndeterminedTypes() throws {
    let store = HealthStore()
    #expect(try store.requestAuthorization(toShare: [steps], read: [steps]) == true)
    #expect(try store.requestAuthorization(toShare: [steps], read: [steps]) == false)
    #expect(try store.requestAuthorization(toShare: [], read: [heartRate]) == true)
    #expect(store.promptsShown == 2)
  }

  @Test func policyAnswersPerDirectionAndOverride() throws {
    let store = HealthStore()
    store.promptPolicy = PromptPolicy(
      read: .deny, write: .grant, overrides: [heartRate: .init(write: .deny)])
    try store.requestAuthorization(toShare: [steps, heartRate], read: [steps, heartRate])
    #expect(
      store.authorization(for: steps) == TypeAuthorization(share: .sharingAuthorized, read: .denied)
    )
    #expect(
      store.authorization(for: heartRate) == TypeAuthorization(share: .sharingDenied, read: .denied)
    )
  }

  @Test func decidedNeverChange() throws {
    let store = HealthStore()
    store.setAuthorization(steps, share: .sharingDenied, read: .granted)
    try store.requestAuthorization(toShare: [steps], read: [steps])
    #expect(
      store.authorization(for: steps) == TypeAuthorization(share: .sharingDenied, read: .granted))
    #expect(store.promptsShown == 0)
  }

  @Test func emptyRequestIsInvalid() {
    let store = HealthStore()
    do {
      try store.requestAuthorization(toShare: [], read: [])
      Issue.record("an empty request must fail")
    } catch {
      #expect(error.code == .permissionError)
      #expect(error.hkErrorCode == 3)
    }
    #expect(throws: HealthError.self) { try store.requestStatus(toShare: [], read: []) }
  }

  @Test func requestStatus() throws {
    let store = HealthStore()
    #expect(try store.requestStatus(toShare: [steps], read: []) == .shouldRequest)
    store.setAuthorization(steps, share: .sharingDenied, read: nil)
    #expect(try store.requestStatus(toShare: [steps], read: []) == .unnecessary)
    #expect(try store.requestStatus(toShare: [steps], read: [steps]) == .shouldRequest)
  }

  @Test func unshareableTypesReportDeniedOnceReadWasAsked() {
    let store = HealthStore()
    #expect(store.shareStatus(for: bloodType) == .notDetermined)
    store.setAuthorization(bloodType, share: nil, read: .denied)
    #expect(store.shareStatus(for: bloodType) == .sharingDenied)
    store.setAuthorization(steps, share: .sharingAuthorized, read: nil)
    #expect(store.shareStatus(for: steps) == .sharingAuthorized)
  }

  @Test func shareRefusalsByClass() throws {
    let store = HealthStore()
    let cases: [(String, String)] = [
      (bloodType, "characteristic"),
      ("HKCorrelationTypeIdentifierBloodPressure", "correlation"),
      ("HKClinicalTypeIdentifierAllergyRecord", "clinical"),
      ("HKActivitySummaryTypeIdentifier", "activitySummary"),
      ("HKCategoryTypeIdentifierAppleStandHour", "deviceExclusive"),
    ]
    for (identifier, reason) in cases {
      let info = try store.objectType(identifier)
      let refusal = store.shareRefusal(info)
      #expect(refusal?.code == .readOnlyType)
      #expect(refusal?.reason?.name == reason)
      #expect(refusal?.raisesException == true)
    }
    #expect(store.shareRefusal(try store.objectType(steps)) == nil)
    #expect(store.shareRefusal(try store.objectType("HKQuantityTypeIdentifierRunningSpeed")) == nil)
  }

  @Test func characteristicAnswers() throws {
    let store = HealthStore()
    store.setCharacteristic(bloodType, .raw(3))
    #expect(throws: HealthError.self) { try store.requireReadDetermined(bloodType) }
    store.setAuthorization(bloodType, share: nil, read: .denied)
    try store.requireReadDetermined(bloodType)
    #expect(store.characteristicAnswer(bloodType) == .notSet)
    store.setAuthorization(bloodType, share: nil, read: .granted)
    #expect(store.characteristicAnswer(bloodType) == .raw(3))
  }

  @Test func unknownAndTooNewIdentifiers() {
    let store = HealthStore(device: .iPhone, osVersion: OSVersion(12, 0))
    do {
      _ = try store.objectType("HKQuantityTypeIdentifierStepcount")
      Issue.record("misspelt identifier must be refused")
    } catch {
      #expect(error.code == .unsupportedType)
      #expect(error.summary.contains("did you mean '\(steps)'"))
    }
    do {
      _ = try store.objectType("HKQuantityTypeIdentifierTimeInDaylight")
      Issue.record("too new identifier must be refused")
    } catch {
      #expect(error.code == .typeUnavailableOnOS)
      #expect(
        error.reason == .requiresNewerOS(minimum: OSVersion(17, 0), device: OSVersion(12, 0)))
    }
  }

  /// The store knows raw identifiers only: what a name of another naming scheme is, is the
  /// caller's to say (`hints`); without hints a name is only misspelt or unknown.
  @Test func aNameOfAnotherSchemeIsHintedByTheCaller() {
    let store = HealthStore()
    let hint = SchemeHint(
      expected: .rawIdentifier, suggestion: steps, message: "'walk' is the caller's name")
    let hints: SchemeHints = { $0 == "walk" ? hint : nil }
    func refusal(_ lookup: () throws(HealthError) -> TypeInfo) -> HealthError? {
      do {
        _ = try lookup()
        return nil
      } catch {
        return error
      }
    }
    let hinted = refusal { () throws(HealthError) in try store.objectType("walk", hints: hints) }
    #expect(hinted?.code == .unsupportedType)
    #expect(
      hinted?.summary
        == "HealthKit has no type with the identifier 'walk'; 'walk' is the caller's name")
    #expect(hinted?.naming?.didYouMean == steps)
    #expect(hinted?.naming?.expected == "rawIdentifier")
    let characteristic = refusal { () throws(HealthError) in
      try store.characteristicType("walk", hints: hints)
    }
    #expect(
      characteristic?.summary
        == "HealthKit has no characteristic with the identifier 'walk'; 'walk' is the caller's name"
    )
    #expect(
      HealthStore.spellingHint("walk", in: nil, hints: hints) == "; 'walk' is the caller's name")
    let plain = refusal { () throws(HealthError) in try store.objectType("walk") }
    #expect(plain?.code == .unsupportedType)
    #expect(plain?.naming?.didYouMean == nil)
    #expect(plain?.naming?.expected == "rawIdentifier")
    #expect(
      plain?.summary
        == "HealthKit has no type with the identifier 'walk' (expected a raw HealthKit identifier"
        + " such as 'HKQuantityTypeIdentifierStepCount')")
  }
}
