/// Profile `healthkit_permissions`: this project's own channel API (protocol/channel-api.md),
/// on the channels `--channel` names (default `healthkit_permissions`). It is the default
/// profile and answers exactly as the emulator always has.
enum HealthkitPermissionsProfile {
  static let name = "healthkit_permissions"
  static let methods = MethodIndex(PluginMethods.table)

  @Sendable
  static func make(pluginChannels: [String]) -> PluginProfile {
    let handler = ChannelHandler(kind: .strictMethods(methods))
    return PluginProfile(
      name: name, channels: pluginChannels.map { ProfileChannel(name: $0, handler: handler) },
      eventChannels: pluginChannels.flatMap(QueryStreams.channels(for:)))
  }
}
