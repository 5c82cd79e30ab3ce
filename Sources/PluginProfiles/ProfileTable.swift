import PluginHost
import ProfileConnectKit
import ProfileHealth
import ProfileHealthKitReporter
import ProfileHealthkitPermissions

/// Every profile `serve --profile` can select, one row each: its name and how it is built. A
/// fourth plugin is a folder under `Profiles/` and one row here; the dispatcher names none.
/// `pluginChannels` are the names `--channel` gives; only `healthkit_permissions` uses them.
/// The first row is the profile served when none is named.
enum ProfileTable {
  struct Row: Sendable {
    var name: String
    var summary: String
    var make: @Sendable (_ pluginChannels: [String]) -> PluginProfile
    /// The channel `--channel` defaults to (the default profile's own channel).
    var defaultChannel: String = ""
  }

  static let rows: [Row] = [
    Row(
      name: HealthkitPermissionsProfile.name,
      summary: "this project's own API on channel healthkit_permissions (the default)",
      make: HealthkitPermissionsProfile.make, defaultChannel: HealthkitPermissionsProfile.name),
    Row(
      name: HealthProfile.name,
      summary: "the health pub package 13.x on flutter_health, with device_info_plus",
      make: HealthProfile.make),
    Row(
      name: ConnectKitProfile.name,
      summary: "ConnectKit's Pigeon host API (dev.flutter.pigeon.connect_kit.ConnectKitHostApi.*)",
      make: ConnectKitProfile.make),
    Row(
      name: HealthKitReporterProfile.name,
      summary: "health_kit_reporter (HealthKitReporter) on health_kit_reporter_method_channel",
      make: HealthKitReporterProfile.make),
  ]

  static func row(named name: String) -> Row? { rows.first { $0.name == name } }

  /// The methods, of every profile, that take injected faults (`injectFault`'s `method`),
  /// whichever profiles are served.
  static let faultMethods: Set<String> = {
    var names: Set<String> = []
    for row in rows {
      let profile = row.make([defaultRow.defaultChannel])
      for channel in profile.channels {
        guard case .methods(let methods, _) = channel.handler.kind else { continue }
        for (name, handler) in methods.handlers where handler.acceptsFaults { names.insert(name) }
      }
    }
    return names
  }()

  /// The profile served when none is named: the first row.
  static var defaultRow: Row { rows[0] }
}
