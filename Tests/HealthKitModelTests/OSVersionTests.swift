import HealthKitModel
import Testing

@Suite struct OSVersionTests {
  @Test(arguments: [
    ("17.5", 17, 5, 0, "17.5"), ("12.0", 12, 0, 0, "12.0"), ("16", 16, 0, 0, "16.0"),
    ("16.4.1", 16, 4, 1, "16.4.1"), ("8.0.0", 8, 0, 0, "8.0"), ("0", 0, 0, 0, "0.0"),
  ])
  func parsesAndPrints(text: String, major: Int, minor: Int, patch: Int, printed: String) throws {
    let version = try OSVersion.parse(text)
    #expect(version == OSVersion(major, minor, patch))
    #expect(version.description == printed)
    #expect(OSVersion(text) == version)
  }

  @Test(arguments: [
    "", ".", "17.", ".5", "17..5", "1.2.3.4", "a", "17.5b", "-1", "+1", "17,5", " 17.5",
    "17.5 ", "١٧", "99999", "1e3",
  ])
  func rejectsMalformedVersions(text: String) {
    #expect(OSVersion(text) == nil)
    #expect(throws: ModelError.invalidOSVersion(text)) { try OSVersion.parse(text) }
  }

  @Test func errorMessageSaysWhatIsExpected() {
    let message = ModelError.invalidOSVersion("x").description
    #expect(message == "invalid iOS version 'x': expected MAJOR[.MINOR[.PATCH]] such as 17.5")
  }

  @Test func ordersNumericallyNotLexically() {
    #expect(OSVersion(9, 0) < OSVersion(10, 0))
    #expect(OSVersion(14, 2) < OSVersion(14, 3))
    #expect(OSVersion(16, 4) < OSVersion(16, 4, 1))
    #expect(!(OSVersion(17, 5) < OSVersion(17, 5)))
    #expect(OSVersion(12) == OSVersion(12, 0, 0))
    let sorted = [OSVersion(17), OSVersion(8), OSVersion(14, 3)].sorted()
    #expect(sorted.map(\.description) == ["8.0", "14.3", "17.0"])
  }

  @Test func emulatorDefaultIs17Point5() {
    #expect(OSVersion.emulatorDefault == OSVersion(17, 5))
  }
}
