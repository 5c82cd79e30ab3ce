import ChannelTestSupport
import FlutterCodec
import HealthStore
import Testing

@testable import PluginHost
@testable import PluginProfiles

/// checkIfHealthDataAvailable, requestAuthorization and hasPermissions on `flutter_health`.
@Suite struct HealthPermissionTests {
  static let pluginError =
    "The operation couldn\u{2019}t be completed. (health.PluginError error 1.)"

  @Test func availabilityFollowsTheDevice() {
    #expect(HealthHost().ok("checkIfHealthDataAvailable") == true)
    #expect(HealthHost(device: "iPad", os: "16.4").ok("checkIfHealthDataAvailable") == false)
    #expect(HealthHost(device: "iPad", os: "17.0").ok("checkIfHealthDataAvailable") == true)
    let restricted = HealthHost()
    restricted.control("configure", ["restricted": true])
    #expect(restricted.ok("checkIfHealthDataAvailable") == false)
  }

  @Test func requestAuthorizationMapsAccessCodesToReadAndShare() {
    let host = HealthHost()
    #expect(
      host.ok(
        "requestAuthorization",
        ["types": ["STEPS", "HEART_RATE", "WEIGHT", "GENDER"], "permissions": [2, 0, 1, 0]])
        == true)
    let steps = host.store.authorization(for: "HKQuantityTypeIdentifierStepCount")
    #expect(steps == TypeAuthorization(share: .sharingAuthorized, read: .granted))
    let heart = host.store.authorization(for: "HKQuantityTypeIdentifierHeartRate")
    #expect(heart == TypeAuthorization(share: .notDetermined, read: .granted))
    let weight = host.store.authorization(for: "HKQuantityTypeIdentifierBodyMass")
    #expect(weight == TypeAuthorization(share: .sharingAuthorized, read: .notDetermined))
    let sex = host.store.authorization(for: "HKCharacteristicTypeIdentifierBiologicalSex")
    #expect(sex.read == .granted)
  }

  @Test func trueMeansTheSheetCompletedEvenWhenTheUserDenies() {
    let host = HealthHost()
    host.control("setPromptPolicy", ["read": "deny", "write": "deny"])
    host.authorize(["STEPS"], 2)
    let steps = host.store.authorization(for: "HKQuantityTypeIdentifierStepCount")
    #expect(steps == TypeAuthorization(share: .sharingDenied, read: .denied))
  }

  @Test func nutritionAsksToShareEveryNutrientType() {
    let host = HealthHost()
    host.authorize(["NUTRITION"], 0)
    #expect(
      host.store.shareStatus(for: "HKQuantityTypeIdentifierDietaryProtein") == .sharingAuthorized)
    #expect(
      host.store.shareStatus(for: "HKQuantityTypeIdentifierDietaryWater") == .sharingAuthorized)
    #expect(
      host.store.authorization(for: "HKQuantityTypeIdentifierDietaryProtein").read == .notDetermined
    )
  }

  @Test func badArgumentsAreRequestAuthError() {
    for args: ChannelValue in [
      nil, ["types": ["STEPS"]], ["types": ["STEPS"], "permissions": [0, 1]],
      ["types": "STEPS", "permissions": [0]], ["types": ["STEPS"], "permissions": [0.5]],
    ] {
      let error = HealthHost().error("requestAuthorization", args)
      #expect(error?.code == "REQUEST_AUTH_ERROR")
      #expect(error?.message == "Error requesting authorization: " + Self.pluginError)
      #expect(error?.details == .null)
    }
  }

  @Test func writingACharacteristicIsRefusedBeforeAnythingIsAsked() {
    let host = HealthHost()
    let error = host.error(
      "requestAuthorization", ["types": ["STEPS", "BIRTH_DATE"], "permissions": [2, 1]])
    #expect(error?.code == "REQUEST_AUTH_ERROR")
    #expect(host.store.authorization.isEmpty)
  }

  @Test func sharingAReadOnlyTypeIsTheExceptionIOSRaises() {
    let host = HealthHost()
    let error = host.error(
      "requestAuthorization", ["types": ["WALKING_HEART_RATE"], "permissions": [2]])
    #expect(error?.code == "REQUEST_AUTH_ERROR")
    #expect(error?.details == ["iosBehavior": "exception"])
    #expect(host.store.authorization.isEmpty)
    // Reading it is fine.
    host.authorize(["WALKING_HEART_RATE"], 0)
  }

  @Test func unknownTypesAreSkippedAndNothingLeftAnswersFalse() {
    let host = HealthHost()
    #expect(
      host.ok("requestAuthorization", ["types": ["TOTAL_CALORIES_BURNED"], "permissions": [0]])
        == false)
    #expect(host.warnings.count == 1)
    #expect(
      HealthHost(device: "iPad", os: "16.4").ok(
        "requestAuthorization", ["types": ["STEPS"], "permissions": [0]]) == false)
    #expect(
      HealthHost(os: "12.4").ok("requestAuthorization", ["types": ["STEPS"], "permissions": [0]])
        == false)
  }

  @Test func hasPermissionsHidesReadAndShowsShare() {
    let host = HealthHost()
    host.authorize(["STEPS"], 2)
    host.control("setPromptPolicy", ["write": "deny"])
    host.authorize(["WEIGHT"], 1)
    func has(_ types: [ChannelValue], _ access: [ChannelValue]) -> ChannelValue? {
      host.ok("hasPermissions", ["types": .list(types), "permissions": .list(access)])
    }
    #expect(has(["STEPS"], [0]) == .null)
    #expect(has(["STEPS"], [2]) == .null)
    #expect(has(["STEPS"], [1]) == true)
    #expect(has(["WEIGHT"], [1]) == false)
    #expect(has(["HEART_RATE"], [1]) == false)
    // The first undecided answer ends the loop.
    #expect(has(["STEPS", "HEART_RATE"], [1, 0]) == .null)
    #expect(has(["WEIGHT", "HEART_RATE"], [1, 0]) == false)
    // Characteristics and unknown keys are not in the host's sample dictionary: false.
    #expect(has(["GENDER"], [0]) == false)
    #expect(has(["NOT_A_TYPE"], [1]) == false)
    // Below iOS 13 the host registers STEPS not at all (false) and answers null for the types
    // it has (heart rate events, iOS 12.2).
    let old = HealthHost(os: "12.4")
    #expect(old.ok("hasPermissions", ["types": ["STEPS"], "permissions": [1]]) == false)
    #expect(
      old.ok("hasPermissions", ["types": ["HIGH_HEART_RATE_EVENT"], "permissions": [1]]) == .null)
  }

  @Test func hasPermissionsExpandsNutrition() {
    let host = HealthHost()
    #expect(host.ok("hasPermissions", ["types": ["NUTRITION"], "permissions": [1]]) == false)
    host.authorize(["NUTRITION"], 1)
    #expect(host.ok("hasPermissions", ["types": ["NUTRITION"], "permissions": [1]]) == true)
  }

  @Test func badArgumentsArePermissionError() {
    let error = HealthHost().error("hasPermissions", ["types": ["STEPS"], "permissions": []])
    #expect(error?.code == "PERMISSION_ERROR")
    #expect(error?.message == "Error checking permissions: " + Self.pluginError)
  }

  @Test func androidOnlyMethodsAreNotImplemented() {
    let host = HealthHost()
    for method in [
      "getHealthConnectSdkStatus", "installHealthConnect", "isHealthDataHistoryAvailable",
      "getAggregateData", "revokePermissions", "deleteByClientRecordId", "writeBloodOxygen",
    ] {
      #expect(host.bytes(method, ["a": 1]) == nil, "\(method)")
    }
  }

  @Test func deviceInfoDescribesTheConfiguredDevice() {
    let host = HealthHost(device: "iPad", os: "17.4")
    let info = host.dispatcher.handle(
      channel: "dev.fluttercommunity.plus/device_info", call: MethodCall("getDeviceInfo"))?.value
    #expect(info?["systemName"] == "iPadOS")
    #expect(info?["systemVersion"] == "17.4")
    #expect(info?["model"] == "iPad")
    #expect(info?["isPhysicalDevice"] == true)
    #expect(info?["utsname"]?["machine"] == "iPad13,18")
    #expect(info?["physicalRamSize"] == .int64(6144))
  }

  @Test func helloNamesTheHealthProfileAndItsChannels() {
    let host = HealthHost()
    #expect(host.dispatcher.profileNames == ["health"])
    #expect(
      host.dispatcher.channels == [
        "flutter_health", "dev.fluttercommunity.plus/device_info", "hkbridge/control",
      ])
  }
}
