import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// The four event channels of `health_kit_reporter` (protocol/profiles/health_kit_reporter.md,
/// "Event channels"), on the dispatcher's event seam (protocol/events.md). Each stream handler
/// reads its `listen` arguments as the plugin's `setQueries` does: arguments that are not a map
/// refuse the `listen`; a missing key starts no query (the `listen` still succeeds); the first
/// identifier of the wrong class ends the loop, so the identifiers after it are not queried.
enum ReporterEventChannels {
  static let observer = "health_kit_reporter_event_channel_observer_query"
  static let statisticsCollection = "health_kit_reporter_event_channel_statistics_collection_query"
  static let activitySummary = "health_kit_reporter_event_channel_query_activity_summary"
  static let anchoredObject = "health_kit_reporter_event_channel_anchored_object_query"

  static let channels: [ProfileEventChannel] = [
    channel(observer, handler: "ObserverQueryStreamHandler", ReporterObserverStream.make),
    channel(
      statisticsCollection, handler: "StatisticsCollectionQueryStreamHandler",
      ReporterStatisticsStream.make),
    channel(
      activitySummary, handler: "QueryActivitySummaryStreamHandler", ReporterSummaryStream.make),
    channel(
      anchoredObject, handler: "AnchoredObjectQueryStreamHandler", ReporterAnchoredStream.make),
  ]

  /// `String(describing:)` of a stream handler object (address fixed in the emulator).
  static func className(_ handler: String) -> String {
    "<health_kit_reporter.\(handler): 0x600000c08000>"
  }

  static func channel(
    _ name: String, handler: String,
    _ make: @escaping @Sendable (ReporterArguments, EventListen) -> any EventStream
  ) -> ProfileEventChannel {
    ProfileEventChannel(name: name, errors: ReporterError.flutterError) { listen in
      guard case .map = listen.arguments else {
        throw ReporterError.plugin(
          message: "Error call arguments.", details: "No arguments",
          className: className(handler))
      }
      return make(try ReporterArguments(listen.arguments), listen)
    }
  }

  /// The identifiers a stream queries: those before the first that is not of the class.
  static func identifiers(_ names: [String], store: HealthStore, ofClass: TypeClass? = nil)
    -> [String]
  {
    var result: [String] = []
    for name in names {
      guard let info = ReporterTypes.sampleType(name, store: store),
        ofClass == nil || info.typeClass == ofClass
      else { break }
      result.append(name)
    }
    return result
  }

  /// The optional predicate: both timestamps as Dart's milliseconds, else none.
  static func predicate(_ args: ReporterArguments) -> ClosedRange<Int>? {
    try? args.range()
  }

  /// Whether a query of the app sees a change of `entry` (the privacy rule: only its own when
  /// reading was denied; nothing while reading was never asked for).
  static func sees(_ entry: SampleChangeEntry, store: HealthStore) -> Bool {
    switch visibility(entry.identifier, store: store) {
    case .all?: return true
    case .ownOnly(let bundleId)?: return entry.source == bundleId
    case nil: return false
    }
  }

  /// What a query of the app sees of a type; nil when HealthKit fails the query (reading never
  /// asked for, or HealthKit not available on the device), which the handlers answer with
  /// nothing.
  static func visibility(_ identifier: String, store: HealthStore) -> ReadVisibility? {
    guard store.availability == .available else { return nil }
    return store.readVisibility(of: identifier)
  }

  static func inside(_ sample: StoredSample, _ range: ClosedRange<Int>?) -> Bool {
    guard let range else { return true }
    return sample.start >= range.lowerBound && sample.end <= range.upperBound
  }
}
