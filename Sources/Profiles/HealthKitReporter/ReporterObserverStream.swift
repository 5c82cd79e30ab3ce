import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// `HKObserverQuery` per identifier: `{"identifier": id}` once when the query starts, then after
/// every call that saved or deleted samples of the type the app may see (inside the predicate,
/// when one was given; a delete always counts).
final class ReporterObserverStream: EventStream {
  let identifiers: [String]
  let range: ClosedRange<Int>?
  let store: HealthStore

  init(identifiers: [String], range: ClosedRange<Int>?, store: HealthStore) {
    self.identifiers = identifiers
    self.range = range
    self.store = store
  }

  static func make(_ args: ReporterArguments, _ listen: EventListen) -> any EventStream {
    guard let names = args.map.strings("identifiers") else { return FixedEventStream() }
    let stream = ReporterObserverStream(
      identifiers: ReporterEventChannels.identifiers(names, store: listen.store),
      range: ReporterEventChannels.predicate(args), store: listen.store)
    for identifier in stream.identifiers
    where ReporterEventChannels.visibility(identifier, store: listen.store) != nil {
      listen.sink.success(event(identifier))
    }
    return stream
  }

  static func event(_ identifier: String) -> ChannelValue {
    .object([("identifier", .string(identifier))])
  }

  func storeDidChange(_ change: StoreChange, sink: EventSink) {
    for identifier in identifiers {
      let fires = change.entries.contains { entry in
        guard entry.identifier == identifier, ReporterEventChannels.sees(entry, store: store)
        else { return false }
        if entry.deleted { return true }
        return store.storedSample(uuid: entry.uuid).map {
          ReporterEventChannels.inside($0, range)
        } ?? false
      }
      if fires { sink.success(Self.event(identifier)) }
    }
  }
}
