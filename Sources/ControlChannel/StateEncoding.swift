import CKTypeRecords
import ChannelCatalogue
import FlutterCodec
import HealthStore
import PluginHost

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

  /// The snapshot's `samples`: every stored sample in the order written, in the shape
  /// `readRecords` returns (correlation members and stages as their own entries).
  static func samples(_ store: HealthStore) -> ChannelValue {
    let namer = CKTypeNames.namer(for: store)
    return .list(
      store.samplesInWriteOrder.map {
        RecordEncoding.sample($0, type: namer.name(of: $0), store: store)
      })
  }

  /// The snapshot's `workoutsInProgress`, in the order the sessions started.
  static func workoutsInProgress(_ store: HealthStore) -> ChannelValue {
    .list(store.workoutSessionsInProgress.map(RecordEncoding.session))
  }

  static func snapshot(_ store: HealthStore) -> ChannelValue {
    var pairs: [(String, ChannelValue)] = [
      ("device", device(store)),
      ("now", .swiftInt(store.now)),
      ("authorization", authorization(store)),
      ("promptsShown", .swiftInt(store.promptsShown)),
      ("settingsOpened", .swiftInt(store.settingsOpened)),
      ("samples", samples(store)),
      ("workoutsInProgress", workoutsInProgress(store)),
    ]
    let summaries = store.storedActivitySummaries
    if !summaries.isEmpty {
      pairs.append(("activitySummaries", .list(summaries.map(SystemRecordControl.summary))))
    }
    return .object(pairs)
  }
}
