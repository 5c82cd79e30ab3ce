import CKTypeRecords
import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// `recordKind: "workout"` records, as ConnectKit's `WorkoutMapper` writes them: an
/// `HKWorkoutBuilder` that begins collection at `startTime`, adds the quantity samples of
/// `duringSession`, ends at `endTime` and finishes the workout. The builder saves the workout
/// and its samples (all of them the workout's associated samples, in the store's rule,
/// protocol/healthkit-rules.md#workouts) itself while the record is decoded, so a workout does not wait for the
/// batch: its id is known at once, and a later refusal of the batch does not undo it.
enum ConnectKitWorkouts {
  static let kind = ConnectKitRecordMap.workoutKind

  /// ConnectKit's `WorkoutActivityTypeMapper`: a lower-cased name → the `HKWorkoutActivityType`
  /// case and the iOS version its `#available` check asks for (nil: any).
  static let activities: [String: (name: String, minimumOS: OSVersion?)] = {
    var table: [String: (name: String, minimumOS: OSVersion?)] = [:]
    let same = [
      "running", "walking", "cycling", "swimming", "yoga", "hiking", "basketball", "soccer",
      "baseball", "tennis", "golf", "dance", "elliptical", "rowing", "stairs", "stepTraining",
      "crossTraining", "functionalStrengthTraining", "traditionalStrengthTraining", "mixedCardio",
      "highIntensityIntervalTraining", "kickboxing", "boxing", "martialArts", "pilates", "barre",
      "coreTraining", "flexibility", "mindAndBody", "other",
    ]
    for name in same { table[name.lowercased()] = (name, nil) }
    table["football"] = ("americanFootball", nil)
    table["wheelchair"] = ("wheelchairWalkPace", nil)
    let gated: [(String, Int, Int)] = [
      ("wheelchairRunPace", 10, 0), ("handCycling", 11, 0), ("discSports", 11, 0),
      ("fitnessGaming", 11, 0), ("cooldown", 14, 0), ("pickleball", 14, 0),
      ("cardioDance", 14, 0), ("socialDance", 14, 0), ("swimBikeRun", 16, 0),
      ("transition", 16, 0), ("underwaterDiving", 17, 0),
    ]
    for (name, major, minor) in gated {
      table[name.lowercased()] = (name, OSVersion(major, minor))
    }
    return table
  }()

  /// The activity case for ConnectKit's name on `os`, or nil (unknown, or gated above `os`).
  static func activity(_ text: String, os: OSVersion) -> String? {
    guard let found = activities[text.lowercased()], (found.minimumOS ?? os) <= os else {
      return nil
    }
    return found.name
  }

  /// A `duringSession` entry that is not added to the workout.
  static func sampleFailure(_ index: Int, _ message: String, invalidType: Bool = false)
    -> ConnectKitWriteRecords.Failure
  {
    ConnectKitWriteRecords.Failure(
      indexPath: [index], message: message,
      type: invalidType ? "InvalidDuringSessionType" : "DuringSessionDecodeError")
  }

  static func decode(
    _ fields: ConnectKitRecordMap.Fields, store: HealthStore, warn: (String) -> Void
  ) throws(ConnectKitRecordMap.Problem) -> ConnectKitDecoded {
    typealias Problem = ConnectKitRecordMap.Problem
    let os = store.deviceOSVersion
    let (start, end) = try fields.timeRange()
    let activityText = try fields.string("activityType")
    guard let activity = activity(activityText, os: os) else {
      throw Problem(
        kind: kind, field: "activityType",
        message: "Unsupported activity type: '\(activityText)'")
    }
    var metadata = ConnectKitRecordMap.sourceMetadata(fields)
    if let title = fields.optionalString("title") {
      metadata.append(MetadataInputEntry("ck_title", .string(title)))
    }
    func workout(_ series: [WorkoutSeriesInput]) -> RecordInput {
      RecordInput(
        type: kind, start: start, end: end, metadata: metadata,
        fields: .workout(WorkoutInput(activityType: activity, series: series)))
    }

    // beginCollection: HealthKit must answer and the app may share workouts.
    do throws(HealthError) {
      try store.requireAvailable()
      if case .failure(let refusal) = try ConnectKitRecordMap.checked(workout([]), store) {
        throw refusal
      }
    } catch {
      // The other refusals are the store's explanation of a value HealthKit would not take.
      let begin = error.code == .healthDataUnavailable || ConnectKitWriteRecords.isSaveError(error)
      throw Problem(
        kind: kind, field: begin ? nil : error.field,
        message: begin
          ? "Failed to begin workout collection: \(error.connectKitText)" : error.connectKitText)
    }

    // duringSession: quantity samples inside the workout; the others fail one by one. A
    // `workout.<component>` sample becomes a value of the workout's own series (as the default
    // profile's workout records carry them), of the one type ConnectKit's mapper gives the
    // component whatever the activity; any other sample is added to the builder as it is. Both
    // are saved after the workout as its associated samples.
    var decoded = ConnectKitDecoded()
    var samples: [(input: RecordInput, part: Result<PreparedRecord, HealthError>)] = []
    var seriesValues: [String: [TimedQuantityInput]] = [:]
    var seriesTypes: [String: String] = [:]
    for (index, entry) in (fields.mapList("duringSession") ?? []).enumerated() {
      func failure(_ message: String, invalidType: Bool = false) {
        decoded.failures.append(sampleFailure(index, message, invalidType: invalidType))
      }
      let inputs: [RecordInput]
      do throws(Problem) {
        inputs = try ConnectKitRecordMap.decodeData(entry.entries, os: os, inWorkout: true)
      } catch {
        failure("Failed to decode duringSession sample: \(error.message)")
        continue
      }
      for input in inputs {
        guard case .quantity(let amount, _) = input.fields else {
          failure(
            "DuringSession sample must be a quantity type, got: HKCategorySample",
            invalidType: true)
          continue
        }
        let sampleEnd = input.end ?? input.start
        guard input.start >= start && sampleEnd <= end else {
          failure(
            "Sample time (\(ConnectKitRecordMap.dateText(input.start)) - "
              + "\(ConnectKitRecordMap.dateText(sampleEnd))) is outside workout bounds "
              + "(\(ConnectKitRecordMap.dateText(start)) - \(ConnectKitRecordMap.dateText(end)))")
          continue
        }
        do throws(HealthError) {
          if let component = ConnectKitRecordMap.workoutComponent(input.type) {
            let value = TimedQuantityInput(
              value: amount.value, unit: amount.unit, time: sampleEnd, start: input.start,
              metadata: try MetadataInputEntry.stored(input.metadata))
            let identifier = try? ConnectKitRecordMap.writeType(input.type, os: os, inWorkout: true)
            _ = try ConnectKitRecordMap.checked(
              workout([
                WorkoutSeriesInput(component: component, values: [value], identifier: identifier)
              ]), store)
            seriesValues[component, default: []].append(value)
            seriesTypes[component] = identifier
          } else {
            samples.append((input, try ConnectKitRecordMap.checked(input, store)))
          }
        } catch {
          failure("Failed to decode duringSession sample: \(error.connectKitText)")
        }
      }
    }

    // builder.add: every decoded sample in one call, all or none. HealthKit refuses the call
    // when the app may not share one of the samples' types (the workout's own authorization does
    // not cover them); ConnectKit then only logs, and the workout is saved without samples.
    var added: [(input: RecordInput, prepared: PreparedRecord)] = []
    var refusal: HealthError?
    for (input, part) in samples {
      switch part {
      case .success(let prepared): added.append((input, prepared))
      case .failure(let refused): refusal = refusal ?? refused
      }
    }
    for identifier in Set(seriesTypes.values).sorted() where refusal == nil {
      let status = store.authorization(for: identifier).share
      guard status != .sharingAuthorized else { continue }
      refusal = RecordErrors.notAuthorized(
        status, name: Catalogue.shortName(of: identifier), identifier: identifier,
        action: "adding samples to the workout")
    }
    if let refusal {
      warn(
        "connect_kit writeRecords: HealthKit refused the workout's duringSession samples "
          + "(\(refusal.connectKitText)); the workout is saved without them (ConnectKit only logs "
          + "this)")
      added = []
      seriesValues = [:]
      seriesTypes = [:]
    }

    // finishWorkout: the totals count the added active-energy samples and those of the
    // activity's distance type too (each is one associated sample already, not a second).
    let totals: [(component: String, identifier: String?)] = [
      ("energy", Catalogue.info(named: "activeEnergyBurned")?.identifier),
      ("distance", activityDistanceType(activity, os: os)),
    ]
    for (component, identifier) in totals {
      guard let identifier else { continue }
      for (input, prepared) in added where prepared.main?.identifier == identifier {
        guard case .quantity(let amount, _) = input.fields else { continue }
        seriesValues[component, default: []].append(
          TimedQuantityInput(
            value: amount.value, unit: amount.unit, time: input.end ?? input.start,
            start: input.start, isSample: false))
      }
    }
    let series = ["energy", "distance", "speed", "power", "heartRate"].compactMap {
      component -> WorkoutSeriesInput? in
      guard let values = seriesValues[component] else { return nil }
      return WorkoutSeriesInput(
        component: component, values: values, identifier: seriesTypes[component])
    }
    var finished: PreparedRecord
    do throws(HealthError) {
      switch try ConnectKitRecordMap.checked(workout(series), store) {
      case .success(let prepared): finished = prepared
      case .failure(let refusal): throw refusal
      }
    } catch {
      throw Problem(
        kind: kind, field: nil, message: "Failed to finish workout: \(error.connectKitText)")
    }
    finished.addBuilderSamples(added.map(\.prepared))
    decoded.savedId = RecordStore(store).commitRecord(
      ConnectKitMetadataKeys.withHealthKitKeys(finished), source: store.appSource
    ).uuid.uppercased()
    return decoded
  }

  /// The distance type HealthKit's builder totals for `activity` (the model's activity table),
  /// or nil when the activity has none.
  static func activityDistanceType(_ activity: String, os: OSVersion) -> String? {
    guard
      case .quantity(let identifier)? = try? RecordTypeMapper.resolveComponent(
        .distance, activity: activity, os: os)
    else { return nil }
    return identifier
  }
}
