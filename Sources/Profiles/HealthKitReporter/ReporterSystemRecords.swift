import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// What the pod reads of the records only the system writes: activity summaries
/// (`queryActivitySummary` and its event stream) and ECGs (`electrocardiogramQuery`), as the
/// pod's `ActivitySummary` and `Electrocardiogram` models encode them.
enum ReporterSystemRecords {
  static let summaryCode = "QueryActivitySummary"
  static let summaryMessage = "Error in queryActivitySummary"
  static let ecgCode = "ElectrocardiogramQuery"
  static let ecgMessage = "Error in electrocardiogramQuery"

  // MARK: Activity summaries

  /// The calendar day (days since 1970-01-01 in the device's UTC calendar) of a timestamp in
  /// milliseconds: what `Calendar.current.dateComponents([.era, .year, .month, .day], from:)`
  /// keeps of it.
  static func day(_ milliseconds: Int) -> Int {
    let (quotient, remainder) = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
    return remainder < 0 ? quotient - 1 : quotient
  }

  /// The summaries from the day of `startTimestamp` through the day of `endTimestamp` (the
  /// plugin's `activitySummaryPredicateBetween`, bounds as given), or HealthKit's error.
  static func summaries(_ args: ReporterArguments, store: HealthStore) throws -> [ActivitySummary] {
    let start = HostDate.milliseconds(try args.number("startTimestamp"))
    let end = HostDate.milliseconds(try args.number("endTimestamp"))
    try ReporterHKError.requireAvailable(store, code: summaryCode, message: summaryMessage)
    guard let visibility = store.readVisibility(of: HealthStore.activitySummaryIdentifier) else {
      throw ReporterError.healthKit(
        code: summaryCode, message: summaryMessage, error: .notDetermined)
    }
    return store.activitySummaries(from: day(start), through: day(end), visibility: visibility)
  }

  /// `queryActivitySummary`: the arguments must be a map of numbers (`[String: Double]`).
  @Sendable
  static func queryActivitySummary(_ call: MethodContext) throws -> ChannelValue {
    guard case .map(let entries) = call.rawArguments,
      entries.allSatisfy({ $0.key.stringValue != nil && CastArguments.number($0.value) != nil })
    else { throw ReporterError.noArguments }
    let found = try summaries(ReporterArguments(call.rawArguments), store: call.store)
    return ReporterQueryMethods.jsonList(found.map(summary))
  }

  /// `ActivitySummary(activitySummary:)`: the date as midnight of its day, energy in `Cal`
  /// (`HKUnit.largeCalorie()` from iOS 11), exercise time in `min`, stand hours in `count`.
  static func summary(_ stored: ActivitySummary) -> ReporterJSON {
    func energy(_ kilocalories: Double) -> ReporterJSON {
      .double(
        HostUnits.value(MeasuredQuantity(value: kilocalories, unit: "kcal"), in: "Cal")
          ?? kilocalories)
    }
    let harmonized = ReporterJSON.object([
      ("activeEnergyBurned", energy(stored.activeEnergyBurned)),
      ("activeEnergyBurnedGoal", energy(stored.activeEnergyBurnedGoal)),
      ("activeEnergyBurnedUnit", .string("Cal")),
      ("appleExerciseTime", .double(stored.exerciseTime)),
      ("appleExerciseTimeGoal", .double(stored.exerciseTimeGoal)),
      ("appleExerciseTimeUnit", .string("min")),
      ("appleStandHours", .double(stored.standHours)),
      ("appleStandHoursGoal", .double(stored.standHoursGoal)),
      ("appleStandHoursUnit", .string("count")),
    ])
    return .object([
      ("identifier", .string(HealthStore.activitySummaryIdentifier)),
      (
        "date",
        .string(
          ReporterCharacteristics.birthday(
            year: stored.year, month: stored.month, day: stored.day))
      ),
      ("harmonized", harmonized),
    ])
  }

  // MARK: Electrocardiograms

  /// `electrocardiogramQuery`: the ECGs wholly inside the predicate, newest start first; with
  /// `withVoltageMeasurements`, each with its measurements. The pod drops an ECG without a
  /// sampling frequency (its model throws, and the retriever skips it).
  @Sendable
  static func electrocardiogramQuery(_ call: MethodContext) throws -> ChannelValue {
    let args = try ReporterArguments(call.rawArguments)
    let range = try args.range()
    guard case .bool(let withVoltages) = args.map.value("withVoltageMeasurements") else {
      throw args.parsingError
    }
    guard call.store.deviceOSVersion >= OSVersion(14, 0) else {
      throw ReporterError.plugin(
        message: "Error in platform version.",
        details: "Electrocardiogram query is available for iOS 14.")
    }
    let found = try ReporterQueryMethods.samples(
      HealthStore.electrocardiogramIdentifier, in: range, store: call.store, code: ecgCode,
      message: ecgMessage)
    let models = ReporterModels(store: call.store)
    return ReporterQueryMethods.jsonList(
      found.compactMap { electrocardiogram($0, withVoltages: withVoltages, models: models) })
  }

  /// `Electrocardiogram(electrocardiogram:voltageMeasurements:)`; nil without a sampling
  /// frequency.
  static func electrocardiogram(
    _ sample: StoredSample, withVoltages: Bool, models: ReporterModels
  ) -> ReporterJSON? {
    guard case .electrocardiogram(let reading) = sample.body,
      let frequency = reading.samplingFrequency
    else { return nil }
    let measurements: [ReporterJSON] =
      withVoltages
      ? reading.measurements.map { measurement in
        let volts =
          HostUnits.value(MeasuredQuantity(value: measurement.microvolts, unit: "mcV"), in: "V")
          ?? measurement.microvolts / 1_000_000
        return .object([
          ("harmonized", .object([("value", .double(volts)), ("unit", .string("V"))])),
          ("timeSinceSampleStart", .double(measurement.timeSinceSampleStart)),
        ])
      } : []
    let harmonized = ReporterJSON.fields([
      ("averageHeartRate", reading.averageHeartRate.map { .double($0) }),
      ("averageHeartRateUnit", .string("count/min")),
      ("samplingFrequency", .double(frequency)),
      ("samplingFrequencyUnit", .string("Hz")),
      ("classification", .string(ReporterECGText.classification(reading.classification))),
      ("symptomsStatus", .string(ReporterECGText.symptomsStatus(reading.symptomsStatus))),
      ("count", .int(reading.numberOfVoltageMeasurements)),
      ("voltageMeasurements", .array(measurements)),
      ("metadata", ReporterModels.metadata(sample.metadata)),
    ])
    return .fields(
      models.head(sample) + [
        ("numberOfMeasurements", .int(reading.numberOfVoltageMeasurements)),
        ("harmonized", harmonized),
      ])
  }
}

/// The pod's descriptions of an ECG's classification and symptoms status (its
/// `CustomStringConvertible` extensions), by raw value.
enum ReporterECGText {
  static let classifications: [Int: String] = [
    0: "na", 1: "Sinus rhytm", 2: "Atrial fibrillation", 3: "Inconclusive low heart rate",
    4: "Inconclusive high heart rate", 5: "Inconclusive poor reading", 6: "Inconclusive other",
    100: "Unrecognized",
  ]
  static let symptomsStatuses: [Int: String] = [0: "na", 1: "None", 2: "Present"]

  static func classification(_ raw: Int) -> String { classifications[raw] ?? "na" }
  static func symptomsStatus(_ raw: Int) -> String { symptomsStatuses[raw] ?? "na" }
}
