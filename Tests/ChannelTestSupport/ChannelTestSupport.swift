import FlutterCodec
import HealthStore
import PluginHost
import PluginProfiles
import Testing

/// Bytes from a hex string with optional spaces.
public func hex(_ text: String) -> [UInt8] {
  let digits = Array(text.filter { !$0.isWhitespace })
  var bytes: [UInt8] = []
  var index = 0
  while index + 1 < digits.count {
    bytes.append(UInt8(String(digits[index...index + 1]), radix: 16) ?? 0)
    index += 2
  }
  return bytes
}

public func hexString(_ bytes: [UInt8]) -> String {
  bytes.map { byte in
    let digits = String(byte, radix: 16)
    return digits.count == 1 ? "0" + digits : digits
  }.joined()
}

/// A dispatcher with warnings collected instead of printed.
public final class Harness {
  public let dispatcher: Dispatcher
  public var warnings: [String] = []

  public init(device: String = "iPhone", os: String = "17.5") {
    dispatcher = Dispatcher(configuration: .init(device: device, osVersion: os))
    dispatcher.warningHandler = { [unowned self] in self.warnings.append($0) }
  }

  public var store: HealthStore { dispatcher.store }

  /// Calls a plugin method and decodes the reply.
  public func call(_ method: String, _ args: ChannelValue = nil) -> Envelope? {
    dispatcher.handle(channel: Dispatcher.defaultPluginChannel, call: MethodCall(method, args))
  }

  /// Calls a control method and decodes the reply.
  public func control(_ method: String, _ args: ChannelValue = nil) -> Envelope? {
    dispatcher.handle(channel: Dispatcher.controlChannel, call: MethodCall(method, args))
  }

  /// The success value of a plugin call, or nil (and a recorded issue) when it failed.
  public func ok(
    _ method: String, _ args: ChannelValue = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) -> ChannelValue? {
    guard case .success(let value) = call(method, args) else {
      Issue.record(
        "\(method) did not succeed: \(String(describing: call(method, args)))",
        sourceLocation: sourceLocation)
      return nil
    }
    return value
  }

  /// Runs a control call that must succeed.
  public func setUp(
    _ method: String, _ args: ChannelValue = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let reply = control(method, args)
    guard case .success = reply else {
      Issue.record(
        "control \(method) failed: \(String(describing: reply))",
        sourceLocation: sourceLocation)
      return
    }
  }
}

extension Envelope {
  public var error: FlutterError? {
    if case .error(let error) = self { return error }
    return nil
  }
  public var value: ChannelValue? {
    if case .success(let value) = self { return value }
    return nil
  }
}

/// Raw identifiers the tests name often.
public let steps = "HKQuantityTypeIdentifierStepCount"
public let heartRate = "HKQuantityTypeIdentifierHeartRate"
public let sleep = "HKCategoryTypeIdentifierSleepAnalysis"
public let bloodType = "HKCharacteristicTypeIdentifierBloodType"
public let dateOfBirth = "HKCharacteristicTypeIdentifierDateOfBirth"
public let systolic = "HKQuantityTypeIdentifierBloodPressureSystolic"
public let diastolic = "HKQuantityTypeIdentifierBloodPressureDiastolic"
