import ChannelTestSupport
import FlutterCodec
import HealthStore
import Testing

@testable import PluginHost
@testable import PluginProfiles

/// `{identifiers, read, write}`.
func sampleArgs(_ identifiers: [String], read: Bool = true, write: Bool = true) -> ChannelValue {
  .object([
    ("identifiers", .list(identifiers.map { .string($0) })), ("read", .bool(read)),
    ("write", .bool(write)),
  ])
}

@Suite struct PermissionBridgeTests {
  @Test func requestGrantsByDefaultAndStatusFollows() {
    let h = Harness()
    #expect(h.ok("authorizationStatus", ["identifier": .string(steps)]) == "notDetermined")
    #expect(h.ok("requestQuantityPermissions", sampleArgs([steps, heartRate])) == true)
    #expect(h.ok("authorizationStatus", ["identifier": .string(steps)]) == "sharingAuthorized")
    #expect(h.ok("authorizationStatus", ["identifier": .string(heartRate)]) == "sharingAuthorized")
    #expect(h.store.promptsShown == 1)
    #expect(h.warnings.isEmpty)
  }

  @Test func successMeansCompletedNotGranted() {
    let h = Harness()
    h.setUp("setPromptPolicy", ["read": "deny", "write": "deny"])
    #expect(h.ok("requestQuantityPermissions", sampleArgs([steps])) == true)
    #expect(h.ok("authorizationStatus", ["identifier": .string(steps)]) == "sharingDenied")
  }

  @Test func decidedTypesNeverChangeAndNoSecondPrompt() {
    let h = Harness()
    #expect(h.ok("requestQuantityPermissions", sampleArgs([steps])) == true)
    h.setUp("setPromptPolicy", ["write": "deny"])
    #expect(h.ok("requestQuantityPermissions", sampleArgs([steps])) == true)
    #expect(h.ok("authorizationStatus", ["identifier": .string(steps)]) == "sharingAuthorized")
    #expect(h.store.promptsShown == 1)
    // A new type prompts again, and only it follows the new policy.
    #expect(h.ok("requestQuantityPermissions", sampleArgs([steps, heartRate])) == true)
    #expect(h.store.promptsShown == 2)
    #expect(h.ok("authorizationStatus", ["identifier": .string(heartRate)]) == "sharingDenied")
  }

  @Test func readOnlyRequestLeavesShareUndetermined() {
    let h = Harness()
    #expect(h.ok("requestQuantityPermissions", sampleArgs([steps], write: false)) == true)
    #expect(h.ok("authorizationStatus", ["identifier": .string(steps)]) == "notDetermined")
    #expect(h.store.authorization(for: steps).read == .granted)
  }

  @Test func unknownIdentifierIsSkippedWithASpellingSuggestion() {
    let h = Harness()
    #expect(h.ok("requestQuantityPermissions", sampleArgs(["stepCount", heartRate])) == true)
    #expect(h.warnings.count == 1)
    #expect(h.warnings.first?.contains("'stepCount'") == true)
    // `stepCount` is HealthKit's Swift name: the warning gives the raw identifier to use.
    #expect(h.warnings.first?.contains("Swift name") == true)
    #expect(h.warnings.first?.contains("use '\(steps)'") == true)
    #expect(h.store.authorization(for: "stepCount") == TypeAuthorization())
    #expect(h.store.authorization(for: heartRate).share == .sharingAuthorized)
  }

  @Test func onlyUnknownIdentifiersIsAPermissionError() {
    let h = Harness()
    let error = h.call("requestQuantityPermissions", sampleArgs(["stepCount"]))?.error
    #expect(error?.code == "PERMISSION_ERROR")
    #expect(error?.details == ["hkErrorCode": .int64(3)])
    #expect(h.store.promptsShown == 0)
  }

  @Test func nothingToReadOrWriteIsAPermissionError() {
    let error = Harness().call(
      "requestQuantityPermissions", sampleArgs([steps], read: false, write: false))?.error
    #expect(error?.code == "PERMISSION_ERROR")
    #expect(error?.details == ["hkErrorCode": .int64(3)])
  }

  @Test func identifierOfAnotherClassIsSkippedWithTheRightMethod() {
    let h = Harness()
    #expect(h.ok("requestQuantityPermissions", sampleArgs([sleep, steps])) == true)
    #expect(h.warnings.count == 1)
    #expect(h.warnings.first?.contains("requestCategoryPermissions") == true)
    #expect(h.store.authorization(for: sleep) == TypeAuthorization())
  }

  @Test func tooNewIdentifierIsSkipped() {
    let h = Harness(os: "16.4")
    let daylight = "HKQuantityTypeIdentifierTimeInDaylight"
    #expect(h.ok("requestQuantityPermissions", sampleArgs([daylight, steps])) == true)
    #expect(h.warnings.first?.contains("needs iOS 17.0") == true)
    #expect(h.store.authorization(for: daylight) == TypeAuthorization())
    let newer = Harness(os: "17.0")
    #expect(newer.ok("requestQuantityPermissions", sampleArgs([daylight])) == true)
    #expect(newer.warnings.isEmpty)
  }

  @Test func sharingAReadOnlyQuantityRaisesAnException() {
    let h = Harness()
    let average = "HKQuantityTypeIdentifierWalkingHeartRateAverage"
    let error = h.call("requestQuantityPermissions", sampleArgs([steps, average]))?.error
    #expect(error?.code == "READ_ONLY_TYPE")
    #expect(
      error?.details
        == ["type": .string(average), "reason": "deviceExclusive", "iosBehavior": "exception"])
    #expect(h.store.promptsShown == 0)
    #expect(h.store.authorization(for: steps) == TypeAuthorization())
    // Reading it is fine.
    #expect(h.ok("requestQuantityPermissions", sampleArgs([average], write: false)) == true)
  }

  @Test func sharingSeveralReadOnlyCategoriesNamesThemAll() {
    let stand = "HKCategoryTypeIdentifierAppleStandHour"
    let low = "HKCategoryTypeIdentifierLowHeartRateEvent"
    let error = Harness().call("requestCategoryPermissions", sampleArgs([stand, sleep, low]))?.error
    #expect(error?.code == "READ_ONLY_TYPE")
    #expect(error?.details["type"] == .string(stand))
    #expect(error?.message?.contains(low) == true)
  }

  @Test func categoryRequestWorks() {
    let h = Harness()
    #expect(h.ok("requestCategoryPermissions", sampleArgs([sleep])) == true)
    #expect(h.ok("authorizationStatus", ["identifier": .string(sleep)]) == "sharingAuthorized")
  }

  @Test func workoutRequest() {
    let h = Harness()
    #expect(h.ok("requestWorkoutPermissions", ["read": true, "write": true]) == true)
    #expect(
      h.ok("authorizationStatus", ["identifier": "HKWorkoutTypeIdentifier"]) == "sharingAuthorized")
  }

  @Test func bloodPressureRequestAuthorizesTheMembersNeverTheCorrelation() {
    let h = Harness()
    #expect(h.ok("requestBloodPressurePermissions", ["read": true, "write": true]) == true)
    #expect(h.store.authorization(for: systolic).share == .sharingAuthorized)
    #expect(h.store.authorization(for: diastolic).share == .sharingAuthorized)
    let keys = h.control("snapshot")?.value?["authorization"]?.mapEntries?.map(\.key)
    #expect(keys == [.string(diastolic), .string(systolic)])
  }

  @Test func characteristicReadsBeforeAndAfterPermission() {
    let h = Harness()
    h.setUp("setCharacteristic", ["identifier": .string(bloodType), "value": 1])
    h.setUp(
      "setCharacteristic",
      ["identifier": .string(dateOfBirth), "value": ["year": 1990, "month": 5, "day": 17]])
    let before = h.call("readCharacteristic", ["identifier": .string(bloodType)])?.error
    #expect(before?.code == "AUTHORIZATION_NOT_DETERMINED")
    #expect(before?.details == ["hkErrorCode": .int64(5), "type": .string(bloodType)])
    let ids: ChannelValue = ["identifiers": [.string(bloodType), .string(dateOfBirth)]]
    #expect(h.ok("requestCharacteristicPermissions", ids) == true)
    #expect(h.ok("readCharacteristic", ["identifier": .string(bloodType)]) == .int64(1))
    #expect(
      h.ok("readCharacteristic", ["identifier": .string(dateOfBirth)])
        == ["year": .int64(1990), "month": .int64(5), "day": .int64(17)])
  }

  @Test func characteristicNotSetReadsAsZeroOrNull() {
    let h = Harness()
    let ids: ChannelValue = ["identifiers": [.string(bloodType), .string(dateOfBirth)]]
    #expect(h.ok("requestCharacteristicPermissions", ids) == true)
    #expect(h.ok("readCharacteristic", ["identifier": .string(bloodType)]) == .int64(0))
    #expect(h.ok("readCharacteristic", ["identifier": .string(dateOfBirth)]) == .null)
  }

  @Test func deniedCharacteristicReadsAsNotSet() {
    let h = Harness()
    h.setUp("setCharacteristic", ["identifier": .string(bloodType), "value": "oNegative"])
    h.setUp(
      "setCharacteristic",
      ["identifier": "dateOfBirth", "value": ["year": 1990, "month": 1, "day": 2]])
    h.setUp("setPromptPolicy", ["read": "deny"])
    let ids: ChannelValue = ["identifiers": [.string(bloodType), .string(dateOfBirth)]]
    #expect(h.ok("requestCharacteristicPermissions", ids) == true)
    #expect(h.ok("readCharacteristic", ["identifier": .string(bloodType)]) == .int64(0))
    #expect(h.ok("readCharacteristic", ["identifier": .string(dateOfBirth)]) == .null)
    h.setUp("setAuthorization", ["identifier": .string(bloodType), "read": "granted"])
    #expect(h.ok("readCharacteristic", ["identifier": .string(bloodType)]) == .int64(8))
  }

  @Test func allSixCharacteristicsRead() {
    let h = Harness()
    let six = [
      "BiologicalSex", "BloodType", "DateOfBirth", "FitzpatrickSkinType", "WheelchairUse",
      "ActivityMoveMode",
    ].map { "HKCharacteristicTypeIdentifier" + $0 }
    #expect(h.ok("requestCharacteristicPermissions", ["identifiers": .strings(six)]) == true)
    let values: [String: ChannelValue] = [
      six[0]: 2, six[1]: 5, six[3]: 6, six[4]: 1, six[5]: 2,
    ]
    for (identifier, value) in values {
      h.setUp("setCharacteristic", ["identifier": .string(identifier), "value": value])
      #expect(
        h.ok("readCharacteristic", ["identifier": .string(identifier)])
          == .int64(Int64(value.intValue ?? -1)))
    }
  }

  @Test func readCharacteristicRefusals() {
    let h = Harness(os: "13.0")
    let unknown = h.call("readCharacteristic", ["identifier": "bloodtype"])?.error
    #expect(unknown?.code == "UNSUPPORTED_TYPE")
    #expect(unknown?.message?.contains(bloodType) == true)
    let quantity = h.call("readCharacteristic", ["identifier": .string(steps)])?.error
    #expect(quantity?.code == "UNSUPPORTED_TYPE")
    let moveMode = "HKCharacteristicTypeIdentifierActivityMoveMode"
    let tooNew = h.call("readCharacteristic", ["identifier": .string(moveMode)])?.error
    #expect(tooNew?.code == "TYPE_UNAVAILABLE_ON_OS")
    #expect(
      tooNew?.details
        == [
          "type": .string(moveMode), "minimumOS": "14.0", "deviceOS": "13.0",
          "reason": "requiresNewerOS",
        ])
    let missing = h.call("readCharacteristic", [:])?.error
    #expect(missing?.details == ["field": "identifier"])
  }

  @Test func characteristicRequestSkipsOtherClasses() {
    let h = Harness()
    let ids: ChannelValue = ["identifiers": [.string(steps), .string(bloodType)]]
    #expect(h.ok("requestCharacteristicPermissions", ids) == true)
    #expect(h.warnings.count == 1)
    #expect(h.store.authorization(for: steps) == TypeAuthorization())
    let error = h.call("requestCharacteristicPermissions", ["identifiers": [.string(steps)]])?.error
    #expect(error?.code == "PERMISSION_ERROR")
  }

  @Test func characteristicShareStatusIsDeniedOnceReadWasAsked() {
    let h = Harness()
    #expect(h.ok("authorizationStatus", ["identifier": .string(bloodType)]) == "notDetermined")
    #expect(h.ok("requestCharacteristicPermissions", ["identifiers": [.string(bloodType)]]) == true)
    #expect(h.ok("authorizationStatus", ["identifier": .string(bloodType)]) == "sharingDenied")
  }

  @Test func authorizationStatusRefusals() {
    let h = Harness(os: "16.4")
    let unknown = h.call("authorizationStatus", ["identifier": "stepCount"])?.error
    #expect(unknown?.code == "UNSUPPORTED_TYPE")
    #expect(unknown?.message?.contains(steps) == true)
    let tooNew = h.call(
      "authorizationStatus", ["identifier": "HKQuantityTypeIdentifierTimeInDaylight"])?.error
    #expect(tooNew?.code == "TYPE_UNAVAILABLE_ON_OS")
    #expect(tooNew?.details["minimumOS"] == "17.0")
    let wrongType = h.call("authorizationStatus", ["identifier": 5])?.error
    #expect(wrongType?.code == "INVALID_ARGUMENTS")
    #expect(wrongType?.details == ["field": "identifier"])
  }

  @Test func requestStatusFollowsPrompts() {
    let h = Harness()
    let args: ChannelValue = [
      "read": [.string(steps), .string(bloodType)], "write": [.string(steps)],
    ]
    #expect(h.ok("requestStatus", args) == "shouldRequest")
    #expect(h.ok("requestQuantityPermissions", sampleArgs([steps])) == true)
    #expect(h.ok("requestStatus", args) == "shouldRequest")
    #expect(h.ok("requestCharacteristicPermissions", ["identifiers": [.string(bloodType)]]) == true)
    #expect(h.ok("requestStatus", args) == "unnecessary")
    h.setUp("setPromptPolicy", ["read": "deny"])
    #expect(h.ok("requestStatus", ["read": [.string(heartRate)], "write": []]) == "shouldRequest")
  }

  @Test func requestStatusRefusals() {
    let h = Harness()
    let empty = h.call("requestStatus", ["read": ["nope"], "write": []])?.error
    #expect(empty?.code == "PERMISSION_ERROR")
    #expect(h.warnings.count == 1)
    let readOnly = h.call("requestStatus", ["read": [], "write": [.string(bloodType)]])?.error
    #expect(readOnly?.code == "READ_ONLY_TYPE")
    #expect(readOnly?.details["reason"] == "characteristic")
    let correlation = h.call(
      "requestStatus", ["read": ["HKCorrelationTypeIdentifierBloodPressure"], "write": []])?.error
    #expect(correlation?.code == "UNSUPPORTED_TYPE")
    #expect(correlation?.details["reason"] == "correlation")
    let missing = h.call("requestStatus", ["read": []])?.error
    #expect(missing?.details == ["field": "write"])
  }

  static let badShapes: [(String, ChannelValue, String)] = [
    ("requestQuantityPermissions", ["read": true, "write": true], "identifiers"),
    (
      "requestQuantityPermissions",
      ["identifiers": [.string(steps), 3], "read": true, "write": true], "identifiers[1]"
    ),
    ("requestCategoryPermissions", ["identifiers": [], "read": "yes", "write": true], "read"),
    ("requestCategoryPermissions", ["identifiers": [], "read": true], "write"),
    ("requestCharacteristicPermissions", ["identifiers": .string(bloodType)], "identifiers"),
    ("requestWorkoutPermissions", ["read": true], "write"),
    ("requestBloodPressurePermissions", ["write": 1, "read": true], "write"),
    ("requestQuantityPermissions", [1, 2], "args"),
  ]

  @Test(arguments: badShapes)
  func argumentShapes(method: String, args: ChannelValue, field: String) {
    let h = Harness()
    let error = h.call(method, args)?.error
    #expect(error?.code == "INVALID_ARGUMENTS")
    #expect(error?.details == .object([("field", .string(field))]))
  }

  static let healthKitMethods: [(String, ChannelValue)] = [
    ("requestQuantityPermissions", sampleArgs([steps])),
    ("requestCategoryPermissions", sampleArgs([sleep])),
    ("requestCharacteristicPermissions", ["identifiers": [.string(bloodType)]]),
    ("requestWorkoutPermissions", ["read": true, "write": true]),
    ("requestBloodPressurePermissions", ["read": true, "write": true]),
    ("authorizationStatus", ["identifier": .string(steps)]),
    ("requestStatus", ["read": [.string(steps)], "write": []]),
    ("readCharacteristic", ["identifier": .string(bloodType)]),
    ("requestPermissions", ["read": ["steps"], "write": []]),
    ("checkPermissions", ["types": ["steps"]]),
    // Availability comes before argument shapes.
    ("requestQuantityPermissions", nil),
  ]

  @Test(arguments: healthKitMethods)
  func unavailableOnOldIPad(method: String, args: ChannelValue) {
    let error = Harness(device: "iPad", os: "16.4").call(method, args)?.error
    #expect(error?.code == "HEALTH_DATA_UNAVAILABLE")
    #expect(error?.details == ["hkErrorCode": .int64(1), "deviceOS": "16.4"])
  }

  @Test(arguments: healthKitMethods)
  func unavailableWhenRestricted(method: String, args: ChannelValue) {
    let h = Harness()
    h.setUp("configure", ["restricted": true])
    let error = h.call(method, args)?.error
    #expect(error?.code == "HEALTH_DATA_UNAVAILABLE")
    #expect(error?.details == ["hkErrorCode": .int64(2)])
  }

  @Test func iPadFrom17Works() {
    let h = Harness(device: "iPad", os: "17.0")
    #expect(h.ok("requestQuantityPermissions", sampleArgs([steps])) == true)
  }

  @Test func faultComesAfterAllChecksAndChangesNothing() {
    let h = Harness()
    h.setUp(
      "injectFault",
      ["method": "requestQuantityPermissions", "code": "PERMISSION_ERROR", "hkErrorCode": 6])
    // A call failing an earlier check does not consume the fault.
    #expect(h.call("requestQuantityPermissions", nil)?.error?.code == "INVALID_ARGUMENTS")
    let faulted = h.call("requestQuantityPermissions", sampleArgs([steps]))?.error
    #expect(faulted?.code == "PERMISSION_ERROR")
    #expect(faulted?.details == ["hkErrorCode": .int64(6)])
    #expect(h.store.promptsShown == 0)
    #expect(h.store.authorization(for: steps) == TypeAuthorization())
    #expect(h.ok("requestQuantityPermissions", sampleArgs([steps])) == true)
  }

  @Test func faultOnReadCharacteristicComesAfterAuthorization() {
    let h = Harness()
    h.setUp(
      "injectFault", ["method": "readCharacteristic", "code": "READ_ERROR", "hkErrorCode": 6])
    let notDetermined = h.call("readCharacteristic", ["identifier": .string(bloodType)])?.error
    #expect(notDetermined?.code == "AUTHORIZATION_NOT_DETERMINED")
    #expect(h.ok("requestCharacteristicPermissions", ["identifiers": [.string(bloodType)]]) == true)
    let locked = h.call("readCharacteristic", ["identifier": .string(bloodType)])?.error
    #expect(locked?.code == "READ_ERROR")
    #expect(h.ok("readCharacteristic", ["identifier": .string(bloodType)]) == .int64(0))
  }

  @Test func promptPolicyOverrides() {
    let h = Harness()
    h.setUp("setPromptPolicy", ["overrides": [.string(heartRate): ["write": "deny"]]])
    #expect(h.ok("requestQuantityPermissions", sampleArgs([steps, heartRate])) == true)
    #expect(h.store.authorization(for: steps).share == .sharingAuthorized)
    #expect(h.store.authorization(for: heartRate).share == .sharingDenied)
    #expect(h.store.authorization(for: heartRate).read == .granted)
  }

  @Test func revokingWriteAccess() {
    let h = Harness()
    #expect(h.ok("requestCategoryPermissions", sampleArgs([sleep])) == true)
    h.setUp("setAuthorization", ["identifier": .string(sleep), "share": "sharingDenied"])
    #expect(h.ok("authorizationStatus", ["identifier": .string(sleep)]) == "sharingDenied")
  }
}
