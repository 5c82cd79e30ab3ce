import HKBridgeCLI
import Testing

/// `serve --os` and `types --os` take the iOS versions the control channel's `configure` takes
/// (8.0 to 99.x), and refuse others with exit 2 naming the range.
@Suite struct OSOptionCLITests {
  init() { Composition.install() }
  static let range = "from 8.0 (HealthKit's first) to 99.x"

  @Test(arguments: ["100", "7.0", "7.9", "0", "100.0"])
  func serveRefusesAVersionOutsideTheRange(os: String) throws {
    let result = try hkbridge(["serve", "--os", os])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "hkbridge serve: --os \(os): expected an iOS version such as 17.5, 16.4 or 12.0, "
        + "\(Self.range)\n")
  }

  @Test(arguments: ["100", "7.0", "7.9", "0"])
  func typesRefusesAVersionOutsideTheRange(os: String) throws {
    let result = try hkbridge(["types", "--os", os])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "hkbridge types: --os \(os): expected an iOS version such as 17.5, 16.4 or 12.0, "
        + "\(Self.range)\n")
  }

  @Test(arguments: ["8.0", "8", "99.9", "17.5.1"])
  func theEndsOfTheRangeAreAccepted(os: String) throws {
    #expect(try hkbridge(["types", "--os", os]).status == 0)
    #expect(try hkbridge(["serve", "--os", os]).status == 0)
  }
}
