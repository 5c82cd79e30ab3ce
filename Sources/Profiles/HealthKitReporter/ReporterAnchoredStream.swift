import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// `HKAnchoredObjectQuery` per identifier with updates: the initial batch (every sample the app
/// sees inside the predicate, no deleted objects), then after each change of the type the
/// samples added since the query's anchor and the objects deleted since, as
/// `{"samples": [JSON], "deletedObjects": [JSON]}`.
final class ReporterAnchoredStream: EventStream {
  let identifiers: [String]
  let range: ClosedRange<Int>
  let store: HealthStore
  var anchors: [String: Int] = [:]

  init(identifiers: [String], range: ClosedRange<Int>, store: HealthStore) {
    self.identifiers = identifiers
    self.range = range
    self.store = store
  }

  static func make(_ args: ReporterArguments, _ listen: EventListen) -> any EventStream {
    guard let names = args.map.strings("identifiers"), let range = try? args.range() else {
      return FixedEventStream()
    }
    let stream = ReporterAnchoredStream(
      identifiers: ReporterEventChannels.identifiers(names, store: listen.store), range: range,
      store: listen.store)
    for identifier in stream.identifiers {
      if let batch = stream.batch(identifier, since: 0, initial: true) {
        listen.sink.success(batch)
      }
    }
    return stream
  }

  /// The batch since `anchor` (moving the query's anchor on), or nil when reading was never
  /// asked for (HealthKit fails the query; the plugin sends nothing).
  func batch(_ identifier: String, since anchor: Int, initial: Bool) -> ChannelValue? {
    guard let visibility = ReporterEventChannels.visibility(identifier, store: store) else {
      return nil
    }
    let changes = store.changes(of: identifier, since: anchor, visibility: visibility)
    anchors[identifier] = changes.anchor
    let models = ReporterModels(store: store)
    let added = changes.added.filter { ReporterEventChannels.inside($0, range) }
    let deleted = !initial ? changes.deleted : []
    guard initial || !added.isEmpty || !deleted.isEmpty else { return nil }
    return .object([
      ("samples", .list(added.compactMap(models.sampleInLibraryUnit).map { .string($0.text) })),
      (
        "deletedObjects",
        .list(deleted.map { .string(ReporterModels.deletedObject(uuid: $0.uuid).text) })
      ),
    ])
  }

  func storeDidChange(_ change: StoreChange, sink: EventSink) {
    for identifier in identifiers where change.changed(identifier) {
      if let batch = batch(identifier, since: anchors[identifier] ?? 0, initial: false) {
        sink.success(batch)
      }
    }
  }
}
