import FlutterCodec
import PluginHost

/// Profile `health`: the iOS host of the `health` pub package 13.x on channel `flutter_health`
/// (StandardMethodCodec), and the `device_info_plus` channel the package asks for the device.
/// protocol/profiles/health.md documents it method by method.
///
/// Methods the host does not implement (the Android-only ones: `getHealthConnectSdkStatus`,
/// `getAggregateData`, `revokePermissions`, …) are absent and get a null reply, which Dart
/// sees as `MissingPluginException`.
package enum HealthProfile {
  package static let name = "health"
  static let channel = "flutter_health"

  static let methods = MethodTable.merging([
    HealthPermissionMethods.table, HealthReadMethods.table, HealthStatistics.table,
    HealthWriteMethods.table, HealthDeleteMethods.table,
  ])

  /// The two channels, built once (every profile built shares them).
  static let channels = [
    ProfileChannel(
      name: channel, handler: .methods(methods, errors: HealthProfileErrors.flutterError)),
    ProfileChannel(
      name: DeviceInfoChannel.name,
      handler: .methods(DeviceInfoChannel.methods, errors: HealthProfileErrors.flutterError)),
  ]

  @Sendable
  package static func make(pluginChannels: [String]) -> PluginProfile {
    PluginProfile(name: name, channels: channels)
  }
}
