import ChannelTestSupport
import FlutterCodec
import HealthStore
import Testing

@testable import PluginHost
@testable import PluginProfiles

@Suite struct CoreMethodTests {
  @Test func platformVersionNamesTheSystem() {
    #expect(Harness().ok("getPlatformVersion") == "iOS 17.5")
    #expect(Harness(device: "iPad", os: "16.4").ok("getPlatformVersion") == "iPadOS 16.4")
    // protocol/channel-api.md#availability-platform-and-settings: "iPadOS …" on an iPad, whatever the version.
    #expect(Harness(device: "iPad", os: "12.0").ok("getPlatformVersion") == "iPadOS 12.0")
  }

  @Test func iPhoneIsAvailable() {
    #expect(Harness().ok("isAvailable") == true)
    #expect(Harness(os: "12.0").ok("isAvailable") == true)
  }

  @Test func iPadIsAvailableFromIPadOS17() {
    #expect(Harness(device: "iPad", os: "16.4").ok("isAvailable") == false)
    #expect(Harness(device: "iPad", os: "16.7.8").ok("isAvailable") == false)
    #expect(Harness(device: "iPad", os: "17.0").ok("isAvailable") == true)
    #expect(Harness(device: "iPad", os: "17.5").ok("isAvailable") == true)
  }

  @Test func restrictedIsNotAvailable() {
    let h = Harness()
    h.setUp("configure", ["restricted": true])
    #expect(h.ok("isAvailable") == false)
    #expect(h.ok("getPlatformVersion") == "iOS 17.5")
  }

  @Test func openHealthSettingsIsCounted() {
    let h = Harness()
    #expect(h.ok("openHealthSettings") == true)
    #expect(h.ok("openHealthSettings") == true)
    #expect(h.store.settingsOpened == 2)
    #expect(h.control("snapshot")?.value?["settingsOpened"] == .int64(2))
  }

  @Test func revokePermissionsIsFalse() {
    #expect(Harness().ok("revokePermissions") == false)
    #expect(Harness(device: "iPad", os: "17.0").ok("revokePermissions") == false)
  }

  /// protocol/healthkit-rules.md#devices: when HealthKit is not available, every plugin method but `isAvailable` and
  /// `getPlatformVersion` fails with HEALTH_DATA_UNAVAILABLE; settings and revocation included.
  @Test func settingsAndRevocationFailOnAnOldIPad() {
    let h = Harness(device: "iPad", os: "16.4")
    for method in ["openHealthSettings", "revokePermissions"] {
      let error = h.call(method)?.error
      #expect(error?.code == "HEALTH_DATA_UNAVAILABLE")
      #expect(error?.details == ["hkErrorCode": .int64(1), "deviceOS": "16.4"])
    }
    #expect(h.store.settingsOpened == 0)
  }

  @Test func settingsAndRevocationFailWhenRestricted() {
    let h = Harness()
    h.setUp("configure", ["restricted": true])
    for method in ["openHealthSettings", "revokePermissions"] {
      let error = h.call(method)?.error
      #expect(error?.code == "HEALTH_DATA_UNAVAILABLE")
      #expect(error?.details == ["hkErrorCode": .int64(2)])
    }
    #expect(h.store.settingsOpened == 0)
    #expect(h.ok("getPlatformVersion") == "iOS 17.5")
  }
}
