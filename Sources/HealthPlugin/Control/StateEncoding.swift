import FlutterCodec
import HealthStore

/// The store's state as channel values (HELLO's device, the control channel's snapshot).
enum StateEncoding {
  /// `{"model", "osVersion", "restricted", "bundleId"}`, and `"appName"` when one is set.
  static func device(_ store: HealthStore) -> ChannelValue {
    var pairs: [(String, ChannelValue)] = [
      ("model", .string(store.device.rawValue)),
      ("osVersion", .string(store.osVersion.description)),
      ("restricted", .bool(store.restricted)),
      ("bundleId", .string(store.bundleId)),
    ]
    if let name = store.appName { pairs.append(("appName", .string(name))) }
    return .object(pairs)
  }

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
