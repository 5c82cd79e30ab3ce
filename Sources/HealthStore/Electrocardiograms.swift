import HealthKitModel

/// What an ECG recorded (HealthKit's `HKElectrocardiogram`, iOS 14): the system's
/// classification, the symptoms the user reported, the average heart rate, and the voltage
/// measurements of its one lead (Apple Watch, similar to lead I), taken at the sampling
/// frequency from the sample's start (protocol/healthkit-rules.md#electrocardiograms).
public struct ElectrocardiogramReading: Hashable, Sendable {
  /// The raw value of `HKElectrocardiogram.Classification` (0 = not set).
  public var classification: Int
  /// The raw value of `HKElectrocardiogram.SymptomsStatus` (0 = not set).
  public var symptomsStatus: Int
  /// Beats per minute (`count/min`), when known.
  public var averageHeartRate: Double?
  /// Hertz, when known; the measurements are `1 / samplingFrequency` seconds apart.
  public var samplingFrequency: Double?
  /// The voltages in microvolts (µV), in the order measured.
  public var microvolts: [Double]

  public init(
    classification: Int = 0, symptomsStatus: Int = 0, averageHeartRate: Double? = nil,
    samplingFrequency: Double? = nil, microvolts: [Double] = []
  ) {
    self.classification = classification
    self.symptomsStatus = symptomsStatus
    self.averageHeartRate = averageHeartRate
    self.samplingFrequency = samplingFrequency
    self.microvolts = microvolts
  }

  /// `numberOfVoltageMeasurements`.
  public var numberOfVoltageMeasurements: Int { microvolts.count }

  /// The measurements in order, each with its time since the sample's start (seconds).
  public var measurements: [VoltageMeasurement] {
    guard let frequency = samplingFrequency, frequency > 0 else { return [] }
    return microvolts.enumerated().map { index, value in
      VoltageMeasurement(timeSinceSampleStart: Double(index) / frequency, microvolts: value)
    }
  }

  /// Checks the recording against its sample's duration (ms); `field` prefixes each field's
  /// name in an error (`records[0]`). Classification and symptoms must be HealthKit's cases, the
  /// heart rate and frequency positive and finite, and measurements need a frequency and must
  /// all fall within the sample (the last at most `end - start` after the start).
  public func check(duration: Int, field: String) throws(HealthError) {
    func invalid(_ name: String, _ message: String) -> HealthError {
      .invalidArgument(field: "\(field).\(name)", "\(field).\(name): \(message)")
    }
    func caseNames(_ cases: [CategoryCase]) -> String {
      cases.map { "\($0.name) (\($0.rawValue))" }.joined(separator: ", ")
    }
    guard
      ReadOnlyRecordTables.name(of: classification, in: ReadOnlyRecordTables.ecgClassifications)
        != nil
    else {
      throw invalid(
        "classification",
        "\(classification) is no HKElectrocardiogram.Classification; expected one of "
          + caseNames(ReadOnlyRecordTables.ecgClassifications))
    }
    guard
      ReadOnlyRecordTables.name(of: symptomsStatus, in: ReadOnlyRecordTables.ecgSymptomsStatuses)
        != nil
    else {
      throw invalid(
        "symptomsStatus",
        "\(symptomsStatus) is no HKElectrocardiogram.SymptomsStatus; expected one of "
          + caseNames(ReadOnlyRecordTables.ecgSymptomsStatuses))
    }
    if let rate = averageHeartRate, !(rate.isFinite && rate > 0) {
      throw invalid("averageHeartRate", "\(rate) is not a heart rate; give beats per minute > 0")
    }
    if let frequency = samplingFrequency, !(frequency.isFinite && frequency > 0) {
      throw invalid("samplingFrequency", "\(frequency) is not a frequency; give hertz > 0")
    }
    if let index = microvolts.firstIndex(where: { !$0.isFinite }) {
      throw invalid("microvolts[\(index)]", "a voltage must be a finite number of microvolts")
    }
    guard !microvolts.isEmpty else { return }
    guard let frequency = samplingFrequency else {
      throw invalid(
        "samplingFrequency",
        "voltage measurements need the sampling frequency (hertz) they were taken at")
    }
    let lastSeconds = Double(microvolts.count - 1) / frequency
    guard lastSeconds * 1000 <= Double(duration) else {
      throw invalid(
        "microvolts",
        "\(microvolts.count) measurements at \(frequency) Hz last \(lastSeconds) s, longer than "
          + "the sample (\(Double(duration) / 1000) s); give a later end or fewer measurements")
    }
  }
}

/// One voltage measurement of an ECG (`HKElectrocardiogram.VoltageMeasurement`).
public struct VoltageMeasurement: Hashable, Sendable {
  /// Seconds since the ECG sample's start.
  public var timeSinceSampleStart: Double
  public var microvolts: Double

  public init(timeSinceSampleStart: Double, microvolts: Double) {
    self.timeSinceSampleStart = timeSinceSampleStart
    self.microvolts = microvolts
  }
}

extension HealthStore {
  /// The raw identifier of ECG samples.
  public static let electrocardiogramIdentifier = "HKDataTypeIdentifierElectrocardiogram"

  /// The voltage measurements of the ECG `uuid` as `HKElectrocardiogramQuery` hands them to the
  /// app, in order: none for an ECG the app may not see (deleted since, or another source's
  /// with reading denied) or one without a recording; `.authorizationNotDetermined` while
  /// reading ECGs was never asked for.
  public func voltageMeasurements(ofElectrocardiogram uuid: String) throws(HealthError)
    -> [VoltageMeasurement]
  {
    try requireAvailable()
    guard readVisibility(of: Self.electrocardiogramIdentifier) != nil else {
      throw RecordErrors.readNotDetermined(
        name: "electrocardiogramType", identifier: Self.electrocardiogramIdentifier)
    }
    guard let sample = visibleSample(uuid: uuid),
      case .electrocardiogram(let reading) = sample.body
    else { return [] }
    return reading.measurements
  }
}
