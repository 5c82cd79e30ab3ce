import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// The statistics methods of the `health` profile (protocol/profiles/health.md, "Statistics"):
/// the store computes HealthKit's statistics (`HealthStore.statisticsCollection`,
/// protocol/healthkit-rules.md#statistics); this file translates the plugin's arguments and
/// replies.
enum HealthStatistics {
  typealias Kind = SampleStatistics.Option
  typealias Bucket = SampleStatistics.Bucket
  typealias TooManyBuckets = SampleStatistics.TooManyBuckets

  // MARK: Methods

  static let table: MethodTable = [
    "getIntervalData": .plain(getIntervalData),
    "getTotalStepsInInterval": .plain(getTotalStepsInInterval),
  ]

  @Sendable
  static func getIntervalData(_ call: MethodContext) throws -> ChannelValue {
    let args = CastArguments(call.rawArguments)
    let key = args.string("dataTypeKey") ?? "DEFAULT"
    let access = HealthStoreAccess(store: call.store)
    let from = HostDate.milliseconds(args.milliseconds("startTime"))
    let to = HostDate.milliseconds(args.milliseconds("endTime"))
    let seconds = args.int("interval") ?? 1
    let excludeManual = (args.ints("recordingMethodsToFilter") ?? []).contains(3)
    guard let row = HealthDataTypeTable.statisticsRow(key, os: access.os),
      let info = Catalogue.info(named: row.typeName), let quantity = info.quantity
    else {
      throw HealthProfileError.plugin(
        code: "INVALID_TYPE", message: "Invalid dataTypeKey for interval query: \(key)")
    }
    guard seconds > 0 else {
      throw HealthProfileError.hostFailure(
        code: "STATISTICS_ERROR",
        message:
          "interval \(seconds) is not a positive number of seconds; on iOS, "
          + "HKStatisticsCollectionQuery raises an exception for an interval that is not "
          + "positive and the app crashes",
        iosBehavior: .exception)
    }
    let visibility: ReadVisibility
    do {
      visibility = try access.visibility([info.identifier])
    } catch {
      throw HealthProfileError.plugin(
        code: "STATISTICS_ERROR", message: "Error getting statistics: \(error.description)")
    }
    guard let unitKey = args.string("dataUnitKey"),
      let unit = HealthUnitTable.unit(unitKey, os: access.os)
    else { return .list([]) }
    let canonical = quantity.canonicalUnit
    let buckets: [Bucket]
    do {
      buckets = try access.store.statisticsCollection(
        StatisticsRequest(
          identifier: info.identifier, from: from, to: to, interval: milliseconds(seconds),
          unit: canonical, source: visibility.onlySource),
        include: predicate(visibility, excludeManual: excludeManual))
    } catch {
      throw tooMany("STATISTICS_ERROR", error)
    }
    var points: [ChannelValue] = []
    for bucket in buckets {
      guard
        let value = try? Units.convert(
          bucket.value, from: canonical, to: HostUnits.parseable(unit))
      else {
        throw HealthProfileError.hostFailure(
          code: "STATISTICS_ERROR",
          message:
            "Cannot give \(key) statistics in '\(unit)' (\(unitKey)): HealthKit measures it in "
            + "units like '\(canonical)'. On iOS, doubleValue(for:) raises an exception for "
            + "incompatible units and the app crashes.",
          iosBehavior: .exception)
      }
      points.append(
        .object([
          ("value", .float64(value)),
          ("date_from", .swiftInt(bucket.start)),
          ("date_to", .swiftInt(bucket.end)),
          ("source_id", ""),
          ("source_name", ""),
        ]))
    }
    return .list(points)
  }

  /// The samples a statistics query of the host sees: those the app may read, without the
  /// user-entered ones when the call filters recording method 3 (manual).
  static func predicate(_ visibility: ReadVisibility, excludeManual: Bool)
    -> (StoredSample) -> Bool
  {
    { sample in
      if excludeManual && HealthStoreAccess.isUserEntered(sample) { return false }
      return visibility.shows(sample)
    }
  }

  /// The emulator's refusal of a query with too many buckets to compute (HealthKit would work on
  /// it for a very long time).
  static func tooMany(_ code: String, _ refusal: TooManyBuckets) -> HealthProfileError {
    .plugin(code: code, message: "hkbridge: " + refusal.message)
  }

  /// An interval in seconds as milliseconds (saturating).
  static func milliseconds(_ seconds: Int) -> Int {
    let (product, overflow) = seconds.multipliedReportingOverflow(by: 1000)
    return overflow ? Int.max : product
  }

  /// A day of the statistics buckets of getTotalStepsInInterval (UTC days from the start).
  static let day = 86_400_000

  @Sendable
  static func getTotalStepsInInterval(_ call: MethodContext) throws -> ChannelValue {
    let args = CastArguments(call.rawArguments)
    let access = HealthStoreAccess(store: call.store)
    let from = HostDate.milliseconds(args.milliseconds("startTime"))
    let to = HostDate.milliseconds(args.milliseconds("endTime"))
    let excludeManual = (args.ints("recordingMethodsToFilter") ?? []).contains(3)
    let identifier = Catalogue.info(named: "stepCount")?.identifier ?? "stepCount"
    let visibility: ReadVisibility
    do {
      visibility = try access.visibility([identifier])
    } catch {
      throw HealthProfileError.plugin(
        code: "STEPS_ERROR", message: "Error getting step count: \(error.description)")
    }
    let days: [Bucket]
    do {
      days = try access.store.statisticsCollection(
        StatisticsRequest(
          identifier: identifier, from: from, to: to, interval: day, unit: "count",
          strictStart: true, source: visibility.onlySource),
        include: predicate(visibility, excludeManual: excludeManual))
    } catch {
      throw tooMany("STEPS_ERROR", error)
    }
    let total = days.reduce(0) { $0 + $1.value }
    return .swiftInt(HealthDataPoints.truncated(total))
  }
}
