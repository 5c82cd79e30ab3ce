import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// A sample as the plugin's `save`/`delete` rebuild it from Dart's `Sample.parsed()` map
/// (`Quantity.make`, `Category.make`, `Workout.make`, `Correlation.make`): a fresh object of the
/// app; Dart's `uuid` and `sourceRevision` are not kept.
struct ReporterSampleInput {
  /// The correlation's members first (each its own sample), then the sample itself.
  var members: [PlannedSample]
  var main: PlannedSample
  /// The identifiers whose share authorization saving needs (a correlation: its members').
  var sharing: [String]

  /// The unit strings `Workout.Harmonized.make` requires.
  static let workoutUnitKeys = [
    "totalEnergyBurnedUnit", "totalDistanceUnit", "totalSwimmingStrokeCountUnit",
    "totalFlightsClimbedUnit",
  ]

  /// Which key of `Sample.parsed()` carried the sample.
  enum Kind: String, CaseIterable {
    case quantity, category, workout, correlation
  }

  /// `timeScale` 1: Dart's milliseconds (the host divides by 1000, `save`/`delete`); 1000:
  /// seconds taken as they are (`addQuantity`/`addCategory`).
  static func make(
    _ map: CastArguments, kind: Kind, store: HealthStore, timeScale: Double = 1
  ) throws -> ReporterSampleInput {
    let description = ReporterArguments.swiftDescription(.map(map.entries ?? []))
    let invalid = ReporterError.platform("invalidValue(\"Invalid dictionary: \(description)\")")
    guard let identifier = map.string("identifier"), let startValue = map.number("startTimestamp"),
      let endValue = map.number("endTimestamp"), case .map? = map.value("sourceRevision"),
      let harmonizedValue = map.value("harmonized"), case .map = harmonizedValue
    else { throw invalid }
    let harmonized = CastArguments(harmonizedValue)
    let start = HostDate.milliseconds(startValue * timeScale)
    let end = HostDate.milliseconds(endValue * timeScale)
    let metadata = metadataEntries(harmonized.value("metadata"))
    guard let info = ReporterTypes.info(identifier, store: store) else {
      throw ReporterError.platform(
        "invalidType(\"\(kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()) type identifier: \(identifier) could not be formatted\")"
      )
    }
    guard start <= end else {
      throw ReporterError.platform(
        "hkbridge: the sample ends before it starts; HKSample raises an Objective-C exception "
          + "and the app crashes")
    }
    let device = Self.device(map.value("device"))
    func planned(_ body: SampleBody, _ id: String = identifier, _ entries: [MetadataEntry]? = nil)
      -> PlannedSample
    {
      PlannedSample(
        identifier: id, start: start, end: end, body: body, metadata: entries ?? metadata,
        device: device)
    }
    switch kind {
    case .quantity:
      guard info.typeClass == .quantity, let value = harmonized.number("value"),
        let unit = harmonized.string("unit")
      else { throw invalid }
      guard HostUnits.fits(unit, identifier: identifier) else {
        throw ReporterHostFailure.incompatibleUnit(unit, identifier)
      }
      let body = SampleBody.quantity(MeasuredQuantity(value: value, unit: unit))
      return ReporterSampleInput(members: [], main: planned(body), sharing: [identifier])
    case .category:
      guard info.typeClass == .category, let value = harmonized.int("value"),
        harmonized.string("description") != nil, harmonized.string("detail") != nil
      else { throw invalid }
      guard info.categoryCase(rawValue: value) != nil else {
        throw ReporterError.platform(
          "hkbridge: \(value) is not a value of \(identifier); HKCategorySample raises an "
            + "Objective-C exception and the app crashes")
      }
      return ReporterSampleInput(
        members: [], main: planned(.category(rawValue: value)), sharing: [identifier])
    case .workout:
      guard info.typeClass == .workout, map.number("duration") != nil,
        let raw = harmonized.int("value"), harmonized.string("description") != nil,
        Self.workoutUnitKeys.allSatisfy({ harmonized.string($0) != nil })
      else { throw invalid }
      guard let activity = WorkoutActivities.activity(rawValue: raw) else {
        throw ReporterError.platform("invalidValue(\"Invalid workout activity type: \(raw)\")")
      }
      func total(_ key: String) -> MeasuredQuantity? {
        guard let value = harmonized.number(key), let unit = harmonized.string(key + "Unit")
        else { return nil }
        return MeasuredQuantity(value: value, unit: unit)
      }
      let summary = WorkoutSummary(
        activityType: activity.name, energy: total("totalEnergyBurned"),
        distance: total("totalDistance"))
      return ReporterSampleInput(
        members: [], main: planned(.workout(summary)), sharing: [identifier])
    case .correlation:
      guard info.typeClass == .correlation,
        case .list(let quantities)? = harmonized.value("quantitySamples"),
        case .list(let categories)? = harmonized.value("categorySamples")
      else { throw invalid }
      var members: [PlannedSample] = []
      for item in quantities + categories {
        guard case .map = item else { continue }
        let isQuantity = members.count < quantities.count
        let member = try make(
          CastArguments(item), kind: isQuantity ? .quantity : .category, store: store,
          timeScale: timeScale)
        members.append(member.main)
      }
      return ReporterSampleInput(
        members: members, main: planned(correlationBody(members), identifier, metadata),
        sharing: members.map(\.identifier))
    }
  }

  /// A blood-pressure correlation keeps both values in one unit; a food correlation its
  /// nutrients.
  /// `Device.asOriginal()`: an `HKDevice` of the map's string fields (absent or null fields
  /// stay nil); nil when the sample has no device map.
  static func device(_ value: ChannelValue?) -> SampleDevice? {
    guard let value, case .map = value else { return nil }
    let fields = CastArguments(value)
    return SampleDevice(
      name: fields.string("name"), manufacturer: fields.string("manufacturer"),
      model: fields.string("model"), hardwareVersion: fields.string("hardwareVersion"),
      firmwareVersion: fields.string("firmwareVersion"),
      softwareVersion: fields.string("softwareVersion"),
      localIdentifier: fields.string("localIdentifier"),
      udiDeviceIdentifier: fields.string("udiDeviceIdentifier"))
  }

  static func correlationBody(_ members: [PlannedSample]) -> SampleBody {
    func amount(_ name: String) -> MeasuredQuantity? {
      for member in members where Catalogue.shortName(of: member.identifier) == name {
        if case .quantity(let amount) = member.body { return amount }
      }
      return nil
    }
    if let systolic = amount("bloodPressureSystolic"),
      let diastolic = amount("bloodPressureDiastolic")
    {
      let value = HostUnits.value(diastolic, in: systolic.unit) ?? diastolic.value
      return .bloodPressure(systolic: systolic.value, diastolic: value, unit: systolic.unit)
    }
    return .food(
      members.compactMap { member in
        guard case .quantity(let amount) = member.body else { return nil }
        return NutrientAmount(identifier: member.identifier, amount: amount)
      })
  }

  /// `Metadata.make`: every value a String, or every value a number; otherwise no metadata.
  static func metadataEntries(_ value: ChannelValue?) -> [MetadataEntry] {
    guard case .map(let entries)? = value else { return [] }
    var strings: [MetadataEntry] = []
    var numbers: [MetadataEntry] = []
    for entry in entries {
      guard let key = entry.key.stringValue else { return [] }
      if let text = entry.value.stringValue {
        strings.append(MetadataEntry(key, .string(text)))
      } else if let number = CastArguments.number(entry.value) {
        numbers.append(MetadataEntry(key, .double(number)))
      } else {
        return []
      }
    }
    if numbers.isEmpty { return strings }
    return strings.isEmpty ? numbers : []
  }

  /// Saves as the app: members first, then the sample (the store mints uuids in that order).
  func save(to store: HealthStore) {
    store.save(PlannedObjects(members: members, main: main), source: store.appSource)
  }

  /// HealthKit's share check for a save or delete: nil when authorized, else its error.
  static func shareError(_ identifiers: [String], store: HealthStore) -> ReporterHKError? {
    if let unavailable = ReporterHKError.availability(store) { return unavailable }
    for identifier in identifiers {
      switch store.shareStatus(for: identifier) {
      case .sharingAuthorized: continue
      case .notDetermined: return .notDetermined
      case .sharingDenied: return .notAuthorized
      }
    }
    return nil
  }
}
