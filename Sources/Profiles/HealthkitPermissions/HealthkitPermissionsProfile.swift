import ChannelCatalogue
import PluginHost

/// Profile `healthkit_permissions`: this project's own channel API (protocol/channel-api.md),
/// on the channels `--channel` names (default `healthkit_permissions`). It is the default
/// profile and answers exactly as the emulator always has.
package enum HealthkitPermissionsProfile {
  package static let name = "healthkit_permissions"
  /// One handler for every plugin channel: the plugin methods, the error catalogue's mapping.
  static let handler = ChannelHandler.methods(
    PluginMethods.table, errors: PermissionsErrorMapping.flutterError)

  @Sendable
  package static func make(pluginChannels: [String]) -> PluginProfile {
    PluginProfile(
      name: name, channels: pluginChannels.map { ProfileChannel(name: $0, handler: handler) },
      eventChannels: pluginChannels.flatMap(QueryStreams.channels(for:)))
  }
}
