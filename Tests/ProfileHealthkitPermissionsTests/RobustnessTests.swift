import ChannelCatalogue
import ChannelTestSupport
import FlutterCodec
import HealthStore
import Testing

@testable import ControlChannel
@testable import PluginHost
@testable import PluginProfiles
@testable import ProfileHealthkitPermissions

/// Every method of both channels, called with odd arguments, answers with an envelope (a success
/// or a catalogue error), never a crash or a null reply.
@Suite struct RobustnessTests {
  static let oddArguments: [ChannelValue] = [
    nil, true, 7, .int64(Int64.min), 1.5, .float64(.nan), "text", [], [nil], [:],
    ["identifiers": nil, "read": nil, "write": nil],
    ["identifiers": [[:]], "read": 1, "write": "no"],
    ["identifier": [], "types": [nil], "method": 3, "code": [:]],
    ["read": ["", "HK"], "write": [.string(String(repeating: "x", count: 300))]],
    ["ms": .int64(Int64.max), "now": .int64(Int64.min), "uuidSeed": .int64(Int64.max)],
    ["value": ["year": .int64(Int64.max), "month": -1, "day": 0], "identifier": "dateOfBirth"],
    ["overrides": ["steps": nil]],
    .map([.init(1, 2), .init(nil, nil)]),
  ]

  @Test func everyMethodAnswersOddArguments() throws {
    let codec = StandardMethodCodec()
    let catalogue = Set(HealthErrorCode.allCases.map(\.wireCode))
    let channels: [(String, [String])] = [
      (Dispatcher.defaultPluginChannel, Array(PluginMethods.table.keys)),
      (Dispatcher.controlChannel, Array(ControlMethods.table.keys)),
    ]
    var calls = 0
    for (channel, methods) in channels {
      for method in methods.sorted() {
        for args in Self.oddArguments {
          calls += 1
          let dispatcher = Dispatcher()
          dispatcher.warningHandler = { _ in }
          let payload = codec.encodeMethodCall(MethodCall(method, args))
          let bytes = try #require(dispatcher.handleMessage(channel: channel, payload: payload))
          switch try codec.decodeEnvelope(bytes) {
          case .success: break
          case .error(let error):
            #expect(catalogue.contains(error.code), "\(method): \(error.code)")
            #expect(error.details.mapEntries != nil, "\(method): details must be a map")
          }
        }
      }
    }
    let methodCount = PluginMethods.table.count + ControlMethods.table.count
    #expect(methodCount >= 22)
    #expect(calls == methodCount * Self.oddArguments.count)
  }
}
