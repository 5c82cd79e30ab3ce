import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// `HKActivitySummaryQuery` with updates: the store keeps no activity summaries, so the query
/// delivers one empty list when it starts and nothing after.
final class ReporterSummaryStream: EventStream {
  static func make(_ args: ReporterArguments, _ listen: EventListen) -> any EventStream {
    if (try? args.range()) != nil, listen.store.availability == .available {
      listen.sink.success(.string(ReporterJSON.array([]).text))
    }
    return ReporterSummaryStream()
  }
}
