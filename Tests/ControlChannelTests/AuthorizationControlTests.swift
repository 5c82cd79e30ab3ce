import ChannelTestSupport
import FlutterCodec
import HealthStore
import Testing

@testable import PluginHost
@testable import PluginProfiles

@Suite struct AuthorizationControlTests {
  static let badPolicies: [(ChannelValue, String)] = [
    (["read": "maybe"], "read"),
    (["write": true], "write"),
    (["overrides": ["noSuchType": ["read": "deny"]]], "overrides.noSuchType"),
    (["overrides": [.string(steps): ["read": "no"]]], "overrides.\(steps).read"),
    (["overrides": [.string(steps): ["share": "deny"]]], "overrides.\(steps).share"),
    (["overrides": [.string(steps): "deny"]], "overrides.\(steps)"),
    (["overrides": ["x"]], "overrides"),
    (["mode": "deny"], "mode"),
  ]

  @Test(arguments: badPolicies)
  func setPromptPolicyRefusals(args: ChannelValue, field: String) {
    let h = Harness()
    let error = h.control("setPromptPolicy", args)?.error
    #expect(error?.code == "INVALID_ARGUMENTS")
    #expect(error?.details == .object([("field", .string(field))]))
    #expect(h.store.promptPolicy == PromptPolicy())
  }

  @Test func policyFieldsLeftOutAreKept() {
    let h = Harness()
    h.setUp("setPromptPolicy", ["read": "deny"])
    h.setUp("setPromptPolicy", ["write": "deny"])
    #expect(h.store.promptPolicy.read == .deny)
    #expect(h.store.promptPolicy.write == .deny)
  }

  @Test func overrideByCKTypeCoversItsMembers() {
    let h = Harness()
    h.setUp("setPromptPolicy", ["overrides": ["bloodPressure": ["write": "deny"]]])
    #expect(h.store.promptPolicy.writeAnswer(for: systolic) == .deny)
    #expect(h.store.promptPolicy.writeAnswer(for: diastolic) == .deny)
    #expect(h.store.promptPolicy.writeAnswer(for: steps) == .grant)
  }

  static let badAuthorizations: [(ChannelValue, String)] = [
    (["share": "sharingDenied"], "identifier"),
    (["identifier": "stepz", "share": "sharingDenied"], "identifier"),
    (["identifier": .string(steps)], "share"),
    (["identifier": .string(steps), "share": "granted"], "share"),
    (["identifier": .string(steps), "read": "sharingAuthorized"], "read"),
    (["identifier": .string(bloodType), "share": "sharingDenied"], "share"),
    (
      [
        "identifier": "HKQuantityTypeIdentifierWalkingHeartRateAverage",
        "share": "sharingAuthorized",
      ], "share"
    ),
    (["identifier": "totalEnergy", "read": "granted"], "identifier"),
  ]

  @Test(arguments: badAuthorizations)
  func setAuthorizationRefusals(args: ChannelValue, field: String) {
    let h = Harness()
    let error = h.control("setAuthorization", args)?.error
    #expect(error?.code == "INVALID_ARGUMENTS")
    #expect(error?.details["field"] == .string(field))
    #expect(h.store.authorization.isEmpty)
  }

  @Test func misspeltNamesGetDidYouMean() {
    let h = Harness()
    let type = h.control("setAuthorization", ["identifier": "stepz", "share": "sharingDenied"])
    #expect(type?.error?.details == ["field": "identifier", "didYouMean": "steps"])
    let method = h.control("injectFault", ["method": "readCharacterstic", "code": "READ_ERROR"])
    #expect(method?.error?.details == ["field": "method", "didYouMean": "readCharacteristic"])
    #expect(method?.error?.message?.contains("did you mean \"readCharacteristic\"?") == true)
  }

  @Test func setAuthorizationByCKTypeAndSnapshot() {
    let h = Harness()
    h.setUp(
      "setAuthorization", ["identifier": "steps", "share": "sharingAuthorized", "read": "denied"])
    h.setUp("setAuthorization", ["identifier": .string(bloodType), "read": "granted"])
    let expected: ChannelValue = [
      .string(bloodType): ["read": "granted"],
      .string(steps): ["share": "sharingAuthorized", "read": "denied"],
    ]
    #expect(h.control("snapshot")?.value?["authorization"] == expected)
    // Setting everything back to notDetermined removes the entry.
    h.setUp(
      "setAuthorization",
      ["identifier": "steps", "share": "notDetermined", "read": "notDetermined"])
    #expect(h.store.authorization[steps] == nil)
  }

  static let badCharacteristics: [(ChannelValue, String)] = [
    (["identifier": .string(steps), "value": 1], "identifier"),
    (["identifier": .string(bloodType), "value": 9], "value"),
    (["identifier": .string(bloodType), "value": "zPositive"], "value"),
    (["identifier": .string(bloodType), "value": 1.0], "value"),
    (["identifier": .string(dateOfBirth), "value": 1990], "value"),
    (
      ["identifier": .string(dateOfBirth), "value": ["year": 2023, "month": 2, "day": 29]], "value"
    ),
    (
      ["identifier": .string(dateOfBirth), "value": ["year": 2023, "month": 13, "day": 1]], "value"
    ),
    (["identifier": .string(dateOfBirth), "value": ["year": 2023, "month": 1]], "value.day"),
    (["value": 1], "identifier"),
  ]

  @Test(arguments: badCharacteristics)
  func setCharacteristicRefusals(args: ChannelValue, field: String) {
    let h = Harness()
    let error = h.control("setCharacteristic", args)?.error
    #expect(error?.code == "INVALID_ARGUMENTS")
    #expect(error?.details == .object([("field", .string(field))]))
    #expect(h.store.characteristics.isEmpty)
  }

  @Test func setCharacteristicValues() {
    let h = Harness()
    h.setUp("setCharacteristic", ["identifier": "bloodType", "value": "abNegative"])
    #expect(h.store.characteristics[bloodType] == .raw(6))
    h.setUp(
      "setCharacteristic",
      ["identifier": .string(dateOfBirth), "value": ["year": 2024, "month": 2, "day": 29]])
    #expect(h.store.characteristics[dateOfBirth] == .date(year: 2024, month: 2, day: 29))
    h.setUp("setCharacteristic", ["identifier": .string(bloodType), "value": nil])
    #expect(h.store.characteristics[bloodType] == nil)
    h.setUp("setCharacteristic", ["identifier": .string(bloodType), "value": 0])
    #expect(h.store.characteristics[bloodType] == nil)
  }
}
