import ChannelCatalogue
import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// The control channel `hkbridge/control` (protocol/channel-api.md#control-channel-hkbridgecontrol): sets the emulated device and the simulated
/// user up, and shows the store. Like every method, each declares the arguments it takes
/// (`takes:`); a key it does not take is refused.
package enum ControlMethods {
  /// The control channel's handler: its methods, and the error catalogue's mapping.
  package static let channel = ChannelHandler.methods(
    table, errors: PermissionsErrorMapping.flutterError)

  static let table = MethodTable.merging([
    core, AuthorizationControl.table, RecordMethods.controlTable, VerificationMethods.table,
    DeleteSamplesControl.table, SystemRecordControl.table,
  ])

  static let core: MethodTable = [
    "reset": .control(takes: []) { context in
      let environment = context.environment
      return {
        environment.resetHost()
        return .null
      }
    },
    "configure": .control(takes: configureKeys, configure),
    "injectFault": .control(
      takes: ["method", "code", "hkErrorCode", "message", "count"], injectFault),
    "advanceClock": .control(takes: ["ms"]) { (context) throws -> MethodOperation in
      let args = context.arguments
      let milliseconds = try args.int("ms")
      let store = context.store
      return { () throws(HealthError) in
        try store.advanceClock(by: milliseconds, field: "ms")
        return .object([("now", .swiftInt(store.now))])
      }
    },
    "snapshot": .control(takes: []) { context in
      let store = context.store
      return { StateEncoding.snapshot(store) }
    },
  ]

  // MARK: configure

  static let configureKeys = [
    "device", "osVersion", "restricted", "bundleId", "appName", "now", "uuidSeed",
  ]

  @Sendable
  static func configure(_ context: MethodContext) throws -> MethodOperation {
    let args = context.arguments
    let device = try args.optionalChoice("device", of: DeviceModel.allCases.map(\.rawValue))
      .flatMap(DeviceModel.init(rawValue:))
    var version: OSVersion?
    if let text = try args.optionalString("osVersion") {
      guard let parsed = Dispatcher.parseOSVersion(text) else {
        throw ArgumentError(
          field: "osVersion",
          "osVersion \"\(text)\" is not a usable iOS version; expected one like \"17.5\" or "
            + "\"16.4\", from \(HealthStore.oldestOSVersion) (HealthKit's first) to "
            + "\(HealthStore.newestOSMajor).x")
      }
      version = parsed
    }
    let restricted = try args.optionalBool("restricted")
    let bundleId = try args.optionalString("bundleId")
    if let bundleId, bundleId.isEmpty || bundleId.contains(where: \.isWhitespace) {
      throw ArgumentError(
        field: "bundleId",
        "bundleId \"\(bundleId)\" must be a non-empty identifier without spaces, "
          + "like \"com.example.app\"")
    }
    let appName = try args.optionalString("appName")
    if let appName, appName.isEmpty {
      throw ArgumentError(
        field: "appName", "appName must be a non-empty name, like \"Example\"")
    }
    let now = try args.optionalInt("now")
    if let now, !HealthStore.clockRange.contains(now) {
      throw ArgumentError(
        field: "now",
        "now \(now) is outside the clock's range; expected milliseconds since the Unix epoch "
          + "from \(HealthStore.clockRange.lowerBound) to \(HealthStore.clockRange.upperBound)")
    }
    var seed: UInt64?
    if let value = try args.optionalInt("uuidSeed") {
      guard value >= 0, UInt64(value) < HealthStore.maximumUUIDCounter else {
        throw ArgumentError(
          field: "uuidSeed",
          "uuidSeed \(value) is out of range; expected 0 to \(HealthStore.maximumUUIDCounter - 1) "
            + "(the next uuid uses uuidSeed + 1, as 12 hex digits)")
      }
      seed = UInt64(value)
    }
    let store = context.store
    return {
      store.configure(
        device: device, osVersion: version, restricted: restricted, bundleId: bundleId, now: now,
        uuidSeed: seed, appName: appName)
      return .null
    }
  }

  // MARK: injectFault

  /// The codes a fault may carry: the store's kinds (`MALFORMED_MESSAGE`, a property of bytes
  /// rather than of a call, is the channel layer's own).
  static let faultCodes = HealthErrorCode.allCases

  @Sendable
  static func injectFault(_ context: MethodContext) throws -> MethodOperation {
    let args = context.arguments
    let method = try args.string("method")
    guard context.pluginMethods.contains(method) else {
      let meant = NearestName.find(method, among: context.pluginMethods.sorted())
      let hint = meant.map { "did you mean \"\($0)\"?" } ?? "such as \"readCharacteristic\""
      var error = ArgumentError(
        field: "method",
        "method \"\(method)\" is not a method of the plugin channel; expected the name of one, "
          + "spelt exactly, \(hint) (see protocol/channel-api.md)")
      error.didYouMean = meant
      throw error
    }
    let codeText = try args.choice("code", of: faultCodes.map(\.wireCode))
    let code = HealthErrorCode(wireCode: codeText) ?? .readError
    let hkErrorCode = try args.optionalInt("hkErrorCode")
    if let hkErrorCode, hkErrorCode < 0 {
      throw ArgumentError(
        field: "hkErrorCode",
        "hkErrorCode \(hkErrorCode) is negative; expected an HKError.Code raw value such as 6")
    }
    let message =
      try args.optionalString("message")
      ?? "HealthKit failed \(method) (\(codeText), injected by the control channel)"
    let count = try args.optionalInt("count") ?? 1
    guard count >= 1 else {
      throw ArgumentError(
        field: "count", "count \(count) must be at least 1 (the number of calls that fail)")
    }
    let fault = InjectedFault(
      method: method, error: HealthError(code, message, hkErrorCode: hkErrorCode),
      remaining: count)
    let store = context.store
    return {
      store.injectFault(fault)
      return .null
    }
  }
}
