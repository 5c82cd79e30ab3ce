import FlutterCodec
import HealthStore
import PluginHost
import ProfileHealthkitPermissions

/// The store's state as channel values (HELLO's device, the control channel's snapshot).
enum StateEncoding {
  /// HELLO's device (``DeviceDescription``).
  static func device(_ store: HealthStore) -> ChannelValue { DeviceDescription.of(store) }

  /// The snapshot's `authorization`: one entry per identifier with anything decided, sorted by
  /// identifier; `{"share", "read"}`, or only `{"read"}` for a type that has no share status.
  static func authorization(_ store: HealthStore) -> ChannelValue {
    let identifiers = store.authorization.keys.sorted()
    var pairs: [(String, ChannelValue)] = []
    for identifier in identifiers {
      guard let entry = store.authorization[identifier], !entry.isUndetermined else { continue }
      var fields: [(String, ChannelValue)] = []
      if store.hasShareStatus(identifier) {
        fields.append(("share", .string(entry.share.rawValue)))
      }
      fields.append(("read", .string(entry.read.rawValue)))
      pairs.append((identifier, .object(fields)))
    }
    return .object(pairs)
  }

  static func snapshot(_ store: HealthStore) -> ChannelValue {
    .object([
      ("device", device(store)),
      ("now", .swiftInt(store.now)),
      ("authorization", authorization(store)),
      ("promptsShown", .swiftInt(store.promptsShown)),
      ("settingsOpened", .swiftInt(store.settingsOpened)),
      ("samples", RecordMethods.snapshotSamples(store)),
      ("workoutsInProgress", RecordMethods.snapshotWorkoutsInProgress(store)),
    ])
  }
}
