import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// `HKActivitySummaryQuery` with updates: the store keeps no activity summaries, so the query
/// delivers one empty list when it starts and nothing after. Before reading activity summaries
/// was asked for, HealthKit fails the query (code 5) and the plugin sends nothing.
final class ReporterSummaryStream: EventStream {
  static func make(_ args: ReporterArguments, _ listen: EventListen) -> any EventStream {
    if (try? args.range()) != nil, listen.store.availability == .available,
      listen.store.readVisibility(of: "HKActivitySummaryTypeIdentifier") != nil
    {
      listen.sink.success(.string(ReporterJSON.array([]).text))
    }
    return ReporterSummaryStream()
  }
}
