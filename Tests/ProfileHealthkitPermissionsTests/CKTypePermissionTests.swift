import ChannelTestSupport
import FlutterCodec
import HealthKitModel
import HealthStore
import Testing

@testable import PluginHost
@testable import PluginProfiles

func ckArgs(read: [String], write: [String]) -> ChannelValue {
  .object([("read", .strings(read)), ("write", .strings(write))])
}

@Suite struct CKTypePermissionTests {
  @Test func checkBeforeAndAfterRequest() {
    let h = Harness()
    let check: ChannelValue = ["types": ["steps"]]
    #expect(
      h.ok("checkPermissions", check) == [
        "steps": ["read": "notDetermined", "write": "notDetermined"]
      ])
    #expect(h.ok("requestPermissions", ckArgs(read: ["steps"], write: ["steps"])) == true)
    #expect(h.ok("checkPermissions", check) == ["steps": ["read": "unknown", "write": "granted"]])
    #expect(
      h.store.authorization(for: steps)
        == TypeAuthorization(share: .sharingAuthorized, read: .granted))
  }

  @Test func readDecisionIsNeverRevealed() {
    let h = Harness()
    h.setUp("setPromptPolicy", ["read": "deny", "write": "deny"])
    #expect(h.ok("requestPermissions", ckArgs(read: ["steps"], write: ["steps"])) == true)
    #expect(
      h.ok("checkPermissions", ["types": ["steps"]]) == [
        "steps": ["read": "unknown", "write": "denied"]
      ])
  }

  @Test func resultKeysInRequestOrderWithoutRepeats() {
    let h = Harness()
    let result = h.ok("checkPermissions", ["types": ["weight", "steps", "weight", "bloodType"]])
    #expect(result?.mapEntries?.map(\.key) == ["weight", "steps", "bloodType"])
    #expect(result?["bloodType"] == ["read": "notDetermined", "write": "notWritable"])
  }

  @Test func emptyCheckIsAnEmptyMap() {
    #expect(Harness().ok("checkPermissions", ["types": []]) == [:])
  }

  @Test func bloodPressureStandsForItsMembers() {
    let h = Harness()
    #expect(h.ok("requestPermissions", ckArgs(read: [], write: ["bloodPressure"])) == true)
    #expect(h.store.authorization(for: systolic).share == .sharingAuthorized)
    #expect(h.store.authorization(for: diastolic).share == .sharingAuthorized)
    #expect(
      h.store.authorization(for: "HKCorrelationTypeIdentifierBloodPressure") == TypeAuthorization())
    #expect(
      h.ok("checkPermissions", ["types": ["bloodPressure"]])?["bloodPressure"]?["write"]
        == "granted")
    h.setUp("setAuthorization", ["identifier": .string(diastolic), "share": "sharingDenied"])
    #expect(
      h.ok("checkPermissions", ["types": ["bloodPressure"]])?["bloodPressure"]?["write"] == "denied"
    )
    h.setUp("setAuthorization", ["identifier": .string(diastolic), "share": "notDetermined"])
    #expect(
      h.ok("checkPermissions", ["types": ["bloodPressure"]])?["bloodPressure"]?["write"]
        == "notDetermined")
    // read was never asked for the members
    #expect(
      h.ok("checkPermissions", ["types": ["bloodPressure"]])?["bloodPressure"]?["read"]
        == "notDetermined")
  }

  @Test func nutritionStandsForEveryNutrientIOSHas() {
    let h = Harness()
    #expect(h.ok("requestPermissions", ckArgs(read: ["nutrition"], write: ["nutrition"])) == true)
    let granted = h.store.authorization.filter { $0.value.share == .sharingAuthorized }.keys
    #expect(granted.count == 38)
    #expect(granted.allSatisfy { $0.hasPrefix("HKQuantityTypeIdentifierDietary") })
    #expect(h.store.promptsShown == 1)
  }

  @Test func sleepSessionAndWorkout() {
    let h = Harness()
    #expect(
      h.ok("requestPermissions", ckArgs(read: [], write: ["sleepSession", "workout"])) == true)
    #expect(h.store.authorization(for: sleep).share == .sharingAuthorized)
    #expect(h.store.authorization(for: "HKWorkoutTypeIdentifier").share == .sharingAuthorized)
  }

  @Test func characteristicsMayBeRead() {
    let h = Harness()
    #expect(h.ok("requestPermissions", ckArgs(read: ["bloodType"], write: [])) == true)
    #expect(h.ok("readCharacteristic", ["identifier": .string(bloodType)]) == .int64(0))
  }

  @Test func allOrNothingListsEveryRefusedType() {
    let h = Harness()
    let error = h.call(
      "requestPermissions",
      ckArgs(read: ["steps", "totalEnergy", "stepz", "speed"], write: ["biologicalSex"]))?.error
    #expect(error?.code == "UNSUPPORTED_TYPE")
    #expect(error?.details["type"] == "totalEnergy")
    #expect(error?.details["reason"] == "noEquivalent")
    let types = error?.details["types"]?.listValue ?? []
    #expect(types.map { $0["type"] } == ["totalEnergy", "stepz", "speed", "biologicalSex"])
    #expect(
      types.map { $0["code"] }
        == ["UNSUPPORTED_TYPE", "UNSUPPORTED_TYPE", "UNSUPPORTED_TYPE", "READ_ONLY_TYPE"])
    #expect(
      types.map { $0["reason"] } == [
        "noEquivalent", "unknownType", "workoutOnly", "characteristic",
      ])
    #expect(types[1]["message"]?.stringValue?.contains("steps") == true)
    #expect(error?.details["iosBehavior"] == nil)
    // Nothing was requested, not even steps.
    #expect(h.store.promptsShown == 0)
    #expect(h.store.authorization.isEmpty)
  }

  @Test func detailsKeyOrderIsFixed() {
    let error = Harness(os: "16.4").call(
      "requestPermissions", ckArgs(read: ["timeInDaylight"], write: []))?.error
    #expect(error?.code == "TYPE_UNAVAILABLE_ON_OS")
    #expect(
      error?.details.mapEntries?.map(\.key)
        == ["type", "minimumOS", "deviceOS", "reason", "types"])
    #expect(error?.details["minimumOS"] == "17.0")
    #expect(error?.details["deviceOS"] == "16.4")
    #expect(
      error?.details["types"]?.listValue?.first?.mapEntries?.map(\.key)
        == ["type", "code", "reason", "minimumOS", "message"])
  }

  @Test func versionStageComesBeforeWritability() {
    let error = Harness(os: "16.4").call(
      "requestPermissions", ckArgs(read: [], write: ["electrocardiogram", "timeInDaylight"]))?.error
    #expect(error?.code == "TYPE_UNAVAILABLE_ON_OS")
    #expect(error?.details["types"]?.listValue?.count == 2)
  }

  @Test func sharingAReadOnlyCKTypeIsAnException() {
    let error = Harness().call(
      "requestPermissions", ckArgs(read: ["steps"], write: ["electrocardiogram"]))?
      .error
    #expect(error?.code == "READ_ONLY_TYPE")
    #expect(error?.details["reason"] == "deviceExclusive")
    #expect(error?.details["iosBehavior"] == "exception")
  }

  @Test func sleepStagesNeedIOS16() {
    let old = Harness(os: "15.0").call("checkPermissions", ["types": ["sleepSession.deep"]])?.error
    #expect(old?.code == "TYPE_UNAVAILABLE_ON_OS")
    #expect(old?.details["minimumOS"] == "16.0")
    #expect(Harness(os: "16.0").ok("checkPermissions", ["types": ["sleepSession.deep"]]) != nil)
  }

  @Test func checkValidatesButDoesNotRefuseReadOnly() {
    let h = Harness()
    let error = h.call("checkPermissions", ["types": ["steps", "boneMass"]])?.error
    #expect(error?.code == "UNSUPPORTED_TYPE")
    #expect(error?.details["type"] == "boneMass")
    #expect(
      h.ok("checkPermissions", ["types": ["walkingStepLength"]])
        == ["walkingStepLength": ["read": "notDetermined", "write": "notWritable"]])
  }

  @Test func emptyRequestIsAPermissionError() {
    let error = Harness().call("requestPermissions", ckArgs(read: [], write: []))?.error
    #expect(error?.code == "PERMISSION_ERROR")
    #expect(error?.details == ["hkErrorCode": .int64(3)])
  }

  @Test func argumentShapes() {
    let h = Harness()
    #expect(h.call("requestPermissions", ["read": ["steps"]])?.error?.details == ["field": "write"])
    #expect(
      h.call("requestPermissions", ["read": [1], "write": []])?.error?.details == [
        "field": "read[0]"
      ])
    #expect(h.call("checkPermissions", ["types": "steps"])?.error?.details == ["field": "types"])
  }

  @Test func promptIsCountedOncePerRequest() {
    let h = Harness()
    #expect(
      h.ok("requestPermissions", ckArgs(read: ["steps", "heartRate"], write: ["steps"])) == true)
    #expect(h.ok("requestPermissions", ckArgs(read: ["steps"], write: ["steps"])) == true)
    #expect(h.store.promptsShown == 1)
  }
}
