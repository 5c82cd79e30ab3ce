import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// `HKActivitySummaryQuery` with updates: the summaries of the listened days at once, then again
/// after each call that added summaries. Before reading activity summaries was asked for,
/// HealthKit fails the query (code 5) and the plugin sends nothing.
final class ReporterSummaryStream: EventStream {
  let args: ReporterArguments
  let store: HealthStore
  var running = false

  init(args: ReporterArguments, store: HealthStore) {
    self.args = args
    self.store = store
  }

  static func make(_ args: ReporterArguments, _ listen: EventListen) -> any EventStream {
    let stream = ReporterSummaryStream(args: args, store: listen.store)
    if (try? args.range()) != nil, let event = stream.event() {
      stream.running = true
      listen.sink.success(event)
    }
    return stream
  }

  /// The JSON list the plugin sends, or nil when the query fails.
  func event() -> ChannelValue? {
    guard let found = try? ReporterSystemRecords.summaries(args, store: store) else { return nil }
    return ReporterQueryMethods.jsonList(found.map(ReporterSystemRecords.summary))
  }

  func storeDidChange(_ change: StoreChange, sink: EventSink) {
    guard running, change.activitySummariesChanged, let event = event() else { return }
    sink.success(event)
  }
}
