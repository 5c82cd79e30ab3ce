import ChannelTestSupport
import FlutterCodec
import HealthStore
import Testing

@testable import PluginHost
@testable import PluginProfiles

/// A dispatcher serving profile `health`, with helpers for its channel and the control channel.
final class HealthHost {
  let dispatcher: Dispatcher
  var warnings: [String] = []

  init(device: String = "iPhone", os: String = "17.5") {
    dispatcher = Dispatcher(
      configuration: .init(device: device, osVersion: os, profiles: ["health"]))
    dispatcher.warningHandler = { [unowned self] in self.warnings.append($0) }
  }

  var store: HealthStore { dispatcher.store }

  /// The reply bytes of a call on `flutter_health` (nil: a null reply).
  func bytes(_ method: String, _ args: ChannelValue = nil) -> [UInt8]? {
    dispatcher.handleMessage(
      channel: "flutter_health",
      payload: StandardMethodCodec().encodeMethodCall(MethodCall(method, args)))
  }

  func call(_ method: String, _ args: ChannelValue = nil) -> Envelope? {
    dispatcher.handle(channel: "flutter_health", call: MethodCall(method, args))
  }

  /// The success value, or nil with a recorded issue.
  func ok(
    _ method: String, _ args: ChannelValue = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) -> ChannelValue? {
    let reply = call(method, args)
    guard case .success(let value)? = reply else {
      Issue.record(
        "\(method) did not succeed: \(String(describing: reply))", sourceLocation: sourceLocation)
      return nil
    }
    return value
  }

  /// The error, or nil with a recorded issue.
  func error(
    _ method: String, _ args: ChannelValue = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) -> FlutterError? {
    let reply = call(method, args)
    guard case .error(let error)? = reply else {
      Issue.record(
        "\(method) did not fail: \(String(describing: reply))", sourceLocation: sourceLocation)
      return nil
    }
    return error
  }

  func control(
    _ method: String, _ args: ChannelValue = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let reply = dispatcher.handle(
      channel: Dispatcher.controlChannel, call: MethodCall(method, args))
    guard case .success? = reply else {
      Issue.record(
        "control \(method) failed: \(String(describing: reply))", sourceLocation: sourceLocation)
      return
    }
  }

  /// requestAuthorization for `types` with one access code each; must answer true.
  func authorize(
    _ types: [String], _ access: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let reply = ok(
      "requestAuthorization",
      [
        "types": .list(types.map { .string($0) }),
        "permissions": .list(types.map { _ in .int32(Int32(access)) }),
      ],
      sourceLocation: sourceLocation)
    #expect(reply == true, sourceLocation: sourceLocation)
  }

  /// Samples from another source (control addSamples).
  func add(_ records: [ChannelValue], bundleId: String, name: String? = nil) {
    var source: [(String, ChannelValue)] = [("bundleId", .string(bundleId))]
    if let name { source.append(("name", .string(name))) }
    control("addSamples", .object([("records", .list(records)), ("source", .object(source))]))
  }
}

/// 2024-01-01T00:00:00Z and steps of time, in milliseconds.
enum T {
  static let day0 = 1_704_067_200_000
  static let minute = 60_000
  static let hour = 3_600_000
  static func at(_ hours: Double) -> Int { day0 + Int(hours * Double(hour)) }
  static func ms(_ hours: Double) -> ChannelValue { .int64(Int64(at(hours))) }
}

/// getData arguments as Dart sends them.
func getDataArgs(
  _ key: String, _ unit: String, from: Double = 0, to: Double = 24, filter: [Int32] = []
) -> ChannelValue {
  [
    "dataTypeKey": .string(key), "dataUnitKey": .string(unit), "startTime": T.ms(from),
    "endTime": T.ms(to), "recordingMethodsToFilter": .list(filter.map { .int32($0) }),
  ]
}

/// writeData arguments as Dart sends them.
func writeDataArgs(
  _ key: String, _ value: Double, _ unit: String, from: Double, to: Double, recording: Int32 = 2
) -> ChannelValue {
  [
    "value": .float64(value), "dataTypeKey": .string(key), "dataUnitKey": .string(unit),
    "startTime": T.ms(from), "endTime": T.ms(to), "recordingMethod": .int32(recording),
  ]
}

/// A quantity record for control addSamples.
func quantityRecord(_ type: String, _ value: Double, _ unit: String, from: Double, to: Double)
  -> ChannelValue
{
  [
    "type": .string(type), "start": .int64(Int64(T.at(from))), "end": .int64(Int64(T.at(to))),
    "value": .float64(value), "unit": .string(unit),
  ]
}

extension ChannelValue {
  /// The list's elements (empty when not a list).
  var items: [ChannelValue] {
    if case .list(let items) = self { return items }
    return []
  }
}
