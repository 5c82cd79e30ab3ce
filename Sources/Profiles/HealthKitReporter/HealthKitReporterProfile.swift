import FlutterCodec
import PluginHost

/// Profile `health_kit_reporter`: the iOS host of the `health_kit_reporter` pub package
/// (kvs-coder/health_kit_reporter, on the HealthKitReporter Swift library) on
/// `health_kit_reporter_method_channel`. protocol/profiles/health_kit_reporter.md documents it
/// method by method.
///
/// The host answers a method it does not know with an error envelope, never with "not
/// implemented": every name outside the table gets "Please check the method".
package enum HealthKitReporterProfile {
  package static let name = "health_kit_reporter"
  static let channel = "health_kit_reporter_method_channel"

  static let methods = MethodTable.merging([
    ReporterAuthorizationMethods.table, ReporterQueryMethods.table, ReporterWriteMethods.table,
  ])

  /// The methods the host's `Method` enumeration lists that the emulator does not model
  /// (`startWatchApp` needs a paired Apple Watch).
  static let unmodelled: MethodTable = [
    "startWatchApp": .plain { _ in
      throw ReporterError.healthKit(
        code: "StartWatchApp", message: "Error in startWatchApp", error: .noWatch)
    }
  ]

  /// The method channel's handler, built once.
  static let handler = ChannelHandler.methods(
    MethodTable.merging([methods, unmodelled]), errors: ReporterError.flutterError,
    unknownMethod: .plain(unknownMethod))

  @Sendable
  package static func make(pluginChannels: [String]) -> PluginProfile {
    PluginProfile(
      name: name, channels: [ProfileChannel(name: channel, handler: handler)],
      eventChannels: ReporterEventChannels.channels)
  }

  /// The host's answer to a method it does not know.
  @Sendable
  static func unknownMethod(_ call: MethodContext) throws -> ChannelValue {
    throw ReporterError.plugin(
      message: "Please check the method", details: "Provided method: \(call.method)")
  }
}
