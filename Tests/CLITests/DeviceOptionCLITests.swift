import HKBridgeCLI
import Testing

/// `serve --device` and `replay --device` take the emulator's devices (iPhone, iPad) and refuse
/// any other with exit 2, naming them.
@Suite struct DeviceOptionCLITests {
  init() { Composition.install() }
  @Test(arguments: ["iPod", "iphone", ""])
  func serveRefusesAnUnknownDevice(device: String) throws {
    let result = try hkbridge(["serve", "--device", device])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "hkbridge serve: --device \(device): expected iPhone or iPad\n")
  }

  @Test func replayRefusesAnUnknownDevice() throws {
    let result = try hkbridge(["replay", "--device", "iPod", "golden/control.jsonl"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("--device iPod: expected iPhone or iPad"))
  }

  @Test(arguments: ["iPhone", "iPad"])
  func serveTakesEachDevice(device: String) throws {
    let result = try hkbridge(["serve", "--device", device], stdin: "")
    #expect(result.status == 0, "\(result.stderr)")
  }
}
