import CKTypeRecords
import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// What one record map of `writeRecords` became: the records for the batch, a record HealthKit
/// already saved while it was decoded (a workout), and failures inside the record (a stage, a
/// nutrient, a workout sample), whose index paths are relative to the record.
struct ConnectKitDecoded {
  /// Checked records for the batch, in order; the first one saved gives the record's id. A
  /// failure here is an authorization refusal, which refuses the whole batch when it is saved.
  var parts: [Result<PreparedRecord, HealthError>] = []
  /// The id of a record saved during decoding (HKWorkoutBuilder saves the workout itself).
  var savedId: String?
  var failures: [ConnectKitWriteRecords.Failure] = []
}

extension ConnectKitRecordMap {
  static let sleepSessionKind = "sleepSession"
  static let nutritionKind = "nutrition"
  static let audiogramKind = "audiogram"
  static let ecgKind = "ecg"
  static let workoutKind = "workout"

  /// ConnectKit's `RecordMapper.decode`: the record kind picks the mapper. Main-record failures
  /// are thrown (one `DecodeError` for the record); failures inside a record are returned.
  static func decodeRecord(
    _ entries: [ChannelMapEntry], store: HealthStore, warn: (String) -> Void
  ) throws(Problem) -> ConnectKitDecoded {
    let record = Fields(kind: "UnexpectedError", entries: entries)
    guard let kind = record.value("recordKind")?.stringValue else {
      throw Problem(
        kind: "UnexpectedError", field: nil, message: "Missing required field 'recordKind'")
    }
    let fields = Fields(kind: kind, entries: entries)
    let os = store.deviceOSVersion
    switch kind {
    case dataKind:
      var decoded = ConnectKitDecoded()
      for input in try decodeData(entries, os: os) {
        decoded.parts.append(try prepare(input, store, kind: dataKind))
      }
      return decoded
    case bloodPressureKind:
      return ConnectKitDecoded(
        parts: [try prepare(try decodeBloodPressure(fields), store, kind: dataKind)])
    case workoutKind:
      return try ConnectKitWorkouts.decode(fields, store: store, warn: warn)
    case nutritionKind:
      return try decodeNutrition(fields, store: store)
    case sleepSessionKind:
      return try decodeSleepSession(fields, store: store)
    case audiogramKind:
      return ConnectKitDecoded(parts: [try prepare(try decodeAudiogram(fields), store, kind: kind)])
    case ecgKind:
      throw Problem(kind: kind, field: nil, message: "ECG records are read-only")
    default:
      throw Problem(
        kind: kind, field: nil, message: "Unknown or unsupported record kind: '\(kind)'")
    }
  }

  /// The store's checks of a record the host built. A refusal HealthKit raises only when saving
  /// (authorization) is kept for the batch; any other refusal is the store's explanation of a
  /// value HealthKit would not take, reported as a decode failure of `kind`.
  static func prepare(_ input: RecordInput, _ store: HealthStore, kind: String) throws(Problem)
    -> Result<PreparedRecord, HealthError>
  {
    do {
      return try checked(input, store)
    } catch {
      throw Problem(kind: kind, field: error.field, message: error.connectKitText)
    }
  }

  /// `prepareRecord`, with save-time refusals returned rather than thrown.
  static func checked(_ input: RecordInput, _ store: HealthStore) throws(HealthError)
    -> Result<PreparedRecord, HealthError>
  {
    do {
      return .success(try RecordStore(store).prepareRecord(input, mode: .app))
    } catch  where ConnectKitWriteRecords.isSaveError(error) {
      return .failure(error)
    }
  }

  // MARK: sleepSession

  /// The sleep-analysis CKType of each raw value the store has a stage CKType for (`inBed` 0,
  /// `awake` 2, `asleep` 3 = asleepCore, `deep` 4, `rem` 5); raw 1 (asleepUnspecified) has none
  /// and is written as a `sleepSession` category value.
  static let stageTypes: [Int: String] = {
    var types: [Int: String] = [:]
    for ckType in RecordTypeMapper.memberCKTypes(of: sleepSessionKind) {
      guard let resolved = try? RecordTypeMapper.resolve(ckType, os: OSVersion(9_999)),
        let raw = resolved.categoryCase?.rawValue, types[raw] == nil
      else { continue }
      types[raw] = ckType
    }
    return types
  }()

  /// A `sleepSession` record (ConnectKit's `SleepSessionMapper`): one sleep-analysis sample per
  /// stage, each inside the session, its value from the `SleepSession` category. A stage that
  /// fails is left out with a failure at `[record, stage]`; the others are saved.
  static func decodeSleepSession(_ fields: Fields, store: HealthStore) throws(Problem)
    -> ConnectKitDecoded
  {
    let kind = fields.kind
    let os = store.deviceOSVersion
    let session = try fields.timeRange()
    guard let stages = fields.mapList("stages"), !stages.isEmpty else {
      throw Problem(
        kind: kind, field: "stages", message: "Sleep session must have at least one stage")
    }
    var metadata = sourceMetadata(fields)
    for key in ["title", "notes"] {
      if let text = fields.optionalString(key) {
        metadata.append(MetadataInputEntry("ck_\(key)", .string(text)))
      }
    }
    var decoded = ConnectKitDecoded()
    for (index, stage) in stages.enumerated() {
      do throws(Problem) {
        let (start, end) = try stage.timeRange()
        guard start >= session.start else {
          throw Problem(
            kind: kind, field: "stages[\(index)].startTime",
            message: "Stage start time (\(dateText(start))) is before session start "
              + "(\(dateText(session.start)))")
        }
        guard end <= session.end else {
          throw Problem(
            kind: kind, field: "stages[\(index)].endTime",
            message: "Stage end time (\(dateText(end))) is after session end "
              + "(\(dateText(session.end)))")
        }
        let name = try stage.string("stage")
        guard let raw = ConnectKitCategoryTable.raw(category: "SleepSession", value: name, os: os)
        else {
          throw Problem(kind: kind, field: nil, message: "Unknown sleep stage: \(name)")
        }
        let input: RecordInput
        if let stageType = stageTypes[raw] {
          input = RecordInput(
            type: stageType, start: start, end: end, metadata: metadata, fields: .sleepStage)
        } else {
          input = RecordInput(
            type: kind, start: start, end: end, metadata: metadata,
            fields: .category(.raw(raw), special: [:]))
        }
        decoded.parts.append(try prepare(input, store, kind: kind))
      } catch {
        decoded.failures.append(
          ConnectKitWriteRecords.Failure(
            indexPath: [index], message: "Stage \(index): \(error.message)", type: "DecodeError"))
      }
    }
    return decoded
  }

  // MARK: nutrition

  /// A `nutrition` record (ConnectKit's `NutritionMapper`): a food correlation of one dietary
  /// sample per nutrient of `nutrients`, in sorted key order. A key that is no nutrient type on
  /// this iOS is skipped; a nutrient that fails is left out with a failure at
  /// `[record, its sorted index]`; no nutrient left fails the record. `name` (else `mealType`)
  /// is the food type; the metadata goes on the correlation and on every nutrient.
  static func decodeNutrition(_ fields: Fields, store: HealthStore) throws(Problem)
    -> ConnectKitDecoded
  {
    let kind = fields.kind
    let os = store.deviceOSVersion
    let (start, end) = try fields.timeRange()
    let name = fields.optionalString("name")
    let mealType = fields.optionalString("mealType")
    var metadata = sourceMetadata(fields)
    if let mealType { metadata.append(MetadataInputEntry("ck_mealType", .string(mealType))) }
    guard let nutrientsValue = fields.value("nutrients"),
      let nutrientMap = Fields(kind: kind, nutrientsValue)
    else {
      throw Problem(kind: kind, field: nil, message: "Nutrition record missing 'nutrients' map")
    }
    var keys: [String] = []
    for entry in nutrientMap.entries {
      guard let key = entry.key.stringValue, !keys.contains(key), nutrientMap.value(key) != nil
      else { continue }
      keys.append(key)
    }
    var decoded = ConnectKitDecoded()
    var nutrients: [NutrientInput] = []
    for (index, key) in keys.sorted().enumerated() {
      let ckType = "\(kind).\(key)"
      guard let identifier = ConnectKitPermissions.objectType(ckType, .write, os: os),
        Catalogue.info(identifier)?.typeClass == .quantity
      else { continue }
      func failure(_ message: String) {
        decoded.failures.append(
          ConnectKitWriteRecords.Failure(indexPath: [index], message: message, type: "DecodeError"))
      }
      guard let nutrient = nutrientMap.value(key).flatMap({ Fields(kind: kind, $0) }) else {
        failure("Nutrient '\(key)' has invalid format (expected Map)")
        continue
      }
      let prefix = "Failed to decode nutrient '\(key)': "
      guard let value = nutrient.value("value")?.doubleValue else {
        failure(prefix + "Missing or invalid 'value' field for nutrient '\(key)'")
        continue
      }
      guard let unitText = nutrient.optionalString("unit") else {
        failure(prefix + "Missing or invalid 'unit' field for nutrient '\(key)'")
        continue
      }
      guard let unit = ConnectKitUnitTable.healthKitUnit(unitText) else {
        failure(prefix + "Unsupported unit '\(unitText)'")
        continue
      }
      let amount = QuantityInput(value: value, unit: unit)
      do {
        _ = try checked(
          RecordInput(
            type: ckType, start: start, end: end, fields: .quantity(amount, special: [:])),
          store)
      } catch {
        failure(prefix + error.connectKitText)
        continue
      }
      nutrients.append(NutrientInput(name: key, amount: amount))
    }
    guard !nutrients.isEmpty else {
      throw Problem(
        kind: kind, field: nil,
        message: "Nutrition record must have at least one valid nutrient value")
    }
    let food = RecordInput(
      type: kind, start: start, end: end, metadata: metadata,
      fields: .nutrition(name: name ?? mealType, nutrients: nutrients))
    var part = try prepare(food, store, kind: kind)
    // ConnectKit gives every nutrient sample the correlation's metadata too.
    if case .success(var prepared) = part, let main = prepared.main {
      for index in prepared.members.indices { prepared.members[index].metadata = main.metadata }
      part = .success(prepared)
    }
    decoded.parts.append(part)
    return decoded
  }

  // MARK: audiogram

  /// An `audiogram` record (ConnectKit's `AudiogramMapper`): one audiogram sample at
  /// `startTime` from `sensitivityPoints` `{frequency, leftEarSensitivity?,
  /// rightEarSensitivity?}`, each with at least one ear.
  static func decodeAudiogram(_ fields: Fields) throws(Problem) -> RecordInput {
    let kind = fields.kind
    let (start, _) = try fields.timeRange()
    guard let points = fields.mapList("sensitivityPoints"), !points.isEmpty else {
      throw Problem(
        kind: kind, field: "sensitivityPoints",
        message: "Audiogram must have at least one sensitivity point")
    }
    var decoded: [AudiogramPoint] = []
    for (index, point) in points.enumerated() {
      let field = "sensitivityPoints[\(index)]"
      guard let frequency = point.value("frequency")?.doubleValue else {
        throw Problem(
          kind: kind, field: field, message: "Point \(index): Missing or invalid 'frequency' field")
      }
      let left = point.value("leftEarSensitivity")?.doubleValue
      let right = point.value("rightEarSensitivity")?.doubleValue
      guard left != nil || right != nil else {
        throw Problem(
          kind: kind, field: field,
          message: "Point \(index): Sensitivity point must have at least one ear measurement")
      }
      decoded.append(AudiogramPoint(frequencyHz: frequency, leftDb: left, rightDb: right))
    }
    return RecordInput(
      type: kind, start: start, end: start, metadata: sourceMetadata(fields),
      fields: .audiogram(decoded))
  }
}
