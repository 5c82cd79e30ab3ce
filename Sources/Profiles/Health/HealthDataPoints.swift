import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// The maps the host's getData, getDataByUUID and getIntervalData reply with, one kind each.
/// Every Swift `Int` is an int64 on the wire, every `Double` a float64; a nil optional is null.
/// Key order: as the host's dictionary literals list them (an NSDictionary has no order of its
/// own, so only value equality is meaningful).
struct HealthDataPoints {
  let access: HealthStoreAccess

  /// The common tail of a sample's map: dates and source.
  private func timing(_ sample: StoredSample) -> [(String, ChannelValue)] {
    [
      ("date_from", .swiftInt(sample.start)),
      ("date_to", .swiftInt(sample.end)),
      ("source_id", .string(sample.source.bundleId)),
      ("source_name", .string(Self.sourceName(sample.source))),
    ]
  }

  /// The source's name: as stored, else the Health app's, else the bundle id.
  static func sourceName(_ source: SampleSource) -> String {
    if let name = source.name { return name }
    return source.bundleId == "com.apple.Health" ? "Health" : source.bundleId
  }

  /// A quantity data point; nil where HealthKit raises an exception (the unit does not fit).
  func quantity(_ sample: StoredSample, unit: String?) -> ChannelValue? {
    guard case .quantity(let quantity) = sample.body,
      let value = HostUnits.value(quantity, in: unit ?? "IU")
    else { return nil }
    return .object(
      [("uuid", uuid(sample)), ("value", .float64(value))] + timing(sample) + [
        ("recording_method", HealthStoreAccess.recordingMethod(sample)),
        ("dataUnitKey", unit.map(ChannelValue.string) ?? .null),
        ("metadata", Self.metadata(sample.metadata)),
      ])
  }

  func category(_ sample: StoredSample) -> ChannelValue {
    var raw = 0
    if case .category(let value) = sample.body { raw = value }
    return .object(
      [("uuid", uuid(sample)), ("value", .swiftInt(raw))] + timing(sample) + [
        ("recording_method", HealthStoreAccess.recordingMethod(sample)),
        ("metadata", Self.metadata(sample.metadata)),
      ])
  }

  func workout(_ sample: StoredSample) -> ChannelValue {
    guard case .workout(let summary) = sample.body else { return .null }
    let energy = summary.energy.flatMap { HostUnits.value($0, in: "kcal") }
    let distance = summary.distance.flatMap { HostUnits.value($0, in: "m") }
    let key = HealthWorkoutTable.key(for: summary.activityType, os: access.os)
    return .object(
      [
        ("uuid", uuid(sample)),
        ("workoutActivityType", key.map(ChannelValue.string) ?? .null),
        ("totalEnergyBurned", energy.map(ChannelValue.float64) ?? .null),
        ("totalEnergyBurnedUnit", "KILOCALORIE"),
        ("totalDistance", distance.map(ChannelValue.float64) ?? .null),
        ("totalDistanceUnit", "METER"),
      ] + timing(sample) + [
        ("recording_method", HealthStoreAccess.recordingMethod(sample)),
        ("workout_type", .string(HealthWorkoutTable.typeName(summary.activityType))),
        ("total_distance", .swiftInt(Self.truncated(distance))),
        ("total_energy_burned", .swiftInt(Self.truncated(energy))),
      ])
  }

  func audiogram(_ sample: StoredSample) -> ChannelValue {
    guard case .audiogram(let points) = sample.body else { return .null }
    return .object(
      [
        ("uuid", uuid(sample)),
        ("frequencies", .list(points.map { .float64($0.frequencyHz) })),
        ("leftEarSensitivities", .list(points.map { .float64($0.leftDb ?? 0) })),
        ("rightEarSensitivities", .list(points.map { .float64($0.rightDb ?? 0) })),
      ] + timing(sample))
  }

  /// A meal (food correlation): dates, source and uuid of its first nutrient sample, its name
  /// and meal type, and one key per nutrient it holds; nil when it holds none.
  func nutrition(_ sample: StoredSample) -> ChannelValue? {
    let members = sample.members.compactMap { access.store.storedSample(uuid: $0) }
    guard let first = members.first else { return nil }
    var pairs: [(String, ChannelValue)] = [
      ("uuid", uuid(first)),
      ("name", Self.metadataString(sample, "HKFoodType").map(ChannelValue.string) ?? .null),
      ("meal_type", Self.metadataString(sample, "HKFoodMeal").map(ChannelValue.string) ?? .null),
    ]
    pairs += timing(first)
    pairs.append(("recording_method", HealthStoreAccess.recordingMethod(first)))
    for row in HealthNutritionTable.rows {
      let identifier = Catalogue.info(named: row.typeName)?.identifier
      guard let member = members.first(where: { $0.identifier == identifier }),
        case .quantity(let quantity) = member.body,
        let value = HostUnits.value(quantity, in: row.mealUnit)
      else { continue }
      for key in row.mealKeys { pairs.append((key, .float64(value))) }
    }
    return .object(pairs)
  }

  /// An ECG: its voltage measurements in order (`voltage` in volts, `timeSinceSampleStart` in
  /// seconds), the average heart rate (count/min) and sampling frequency (Hz) or null, the
  /// classification's raw value; an ECG without a recording has none of them.
  func electrocardiogram(_ sample: StoredSample) -> ChannelValue {
    var reading = ElectrocardiogramReading()
    if case .electrocardiogram(let recorded) = sample.body { reading = recorded }
    let voltages = reading.measurements.map { measurement -> ChannelValue in
      let volts =
        HostUnits.value(MeasuredQuantity(value: measurement.microvolts, unit: "mcV"), in: "V")
        ?? measurement.microvolts / 1_000_000
      return .object([
        ("voltage", .float64(volts)),
        ("timeSinceSampleStart", .float64(measurement.timeSinceSampleStart)),
      ])
    }
    return .object(
      [
        ("uuid", uuid(sample)), ("voltageValues", .list(voltages)),
        ("averageHeartRate", reading.averageHeartRate.map { .float64($0) } ?? .null),
        ("samplingFrequency", reading.samplingFrequency.map { .float64($0) } ?? .null),
        ("classification", .swiftInt(reading.classification)),
      ] + timing(sample))
  }

  /// A characteristic's one-element list: the value, the request's window, the Health app.
  static func characteristic(_ value: ChannelValue, from: Int, to: Int) -> ChannelValue {
    .list([
      .object([
        ("value", value),
        ("date_from", .swiftInt(from)),
        ("date_to", .swiftInt(to)),
        ("source_id", "com.apple.Health"),
        ("source_name", "Health"),
        ("recording_method", .swiftInt(3)),
      ])
    ])
  }

  /// How `"\(sample.uuid)"` prints a UUID: upper-case.
  private func uuid(_ sample: StoredSample) -> ChannelValue { .string(sample.uuid.uppercased()) }

  /// `Int(double)` of an optional total (0 when absent).
  static func truncated(_ value: Double?) -> Int {
    guard let value, value.isFinite, abs(value) < 9e15 else { return 0 }
    return Int(value)
  }

  static func metadataString(_ sample: StoredSample, _ key: String) -> String? {
    for entry in sample.metadata where entry.key == key {
      if case .string(let text) = entry.value { return text }
    }
    return nil
  }

  /// Metadata as the host sanitises it: strings, and numbers as float64 — HealthKit keeps
  /// metadata numbers (bools included) as doubles, which the package's Dart side relies on
  /// (`HKInsulinDeliveryReason as double`, `HKMenstrualCycleStart == 1.0`).
  static func metadata(_ entries: [MetadataEntry]) -> ChannelValue {
    .object(
      entries.map { entry in
        switch entry.value {
        case .string(let text): return (entry.key, .string(text))
        case .int(let value): return (entry.key, .float64(Double(value)))
        case .double(let value): return (entry.key, .float64(value))
        }
      })
  }
}
