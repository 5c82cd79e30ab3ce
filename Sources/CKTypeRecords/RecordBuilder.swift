import HealthKitModel
import HealthStore

/// Checks one record step by step and builds its samples.
struct RecordBuilder {
  let input: RecordInput
  let os: OSVersion
  let mode: WriteMode
  /// A version newer than any: resolving with it reports only mapping refusals.
  static let anyOS = OSVersion(9_999)

  var resolved: ResolvedType?
  /// Members resolved in record order (bloodPressure members, nutrients, stages).
  var memberTypes: [ResolvedType] = []
  /// For a workout: the activity and each series' target, in record order.
  var activity: WorkoutActivity?
  var seriesTargets: [String] = []
  var elevationKeys: (ascended: String, descended: String)?
  /// What `authorization` must allow (the name shown is the CKType), no duplicates.
  var shareIdentifiers: [SharedType] = []

  init(input: RecordInput, os: OSVersion, mode: WriteMode) {
    self.input = input
    self.os = os
    self.mode = mode
  }

  // MARK: Mapping

  /// The CKType and every member, nutrient, stage and activity component map to HealthKit.
  mutating func map() throws(HealthError) {
    let type = try Self.resolve(input.type, os: Self.anyOS)
    resolved = type
    switch input.fields {
    case .bloodPressure:
      memberTypes = try RecordTypeMapper.memberCKTypes(of: "bloodPressure").map {
        (member) throws(HealthError) in try Self.resolve(member, os: Self.anyOS)
      }
    case .nutrition(_, let nutrients):
      for nutrient in nutrients {
        memberTypes.append(try Self.resolveMember("nutrition", nutrient.name, what: "nutrient"))
      }
    case .sleepSession(let stages):
      for stage in stages {
        memberTypes.append(try Self.resolveMember("sleepSession", stage.stage, what: "stage"))
      }
    case .workout(let workout):
      guard let found = WorkoutActivities.activity(named: workout.activityType) else {
        throw RecordErrors.unknownActivity(workout.activityType)
      }
      activity = found
      for series in workout.series {
        if let identifier = series.identifier {
          seriesTargets.append(identifier)
        } else {
          seriesTargets.append(
            try Self.seriesIdentifier(series.component, activity: found.name, os: Self.anyOS))
        }
      }
      if workout.elevation != nil {
        try Self.elevation(activity: found.name, os: Self.anyOS)
      }
    default:
      break
    }
  }

  static func resolve(_ ckType: String, os: OSVersion) throws(HealthError) -> ResolvedType {
    do {
      return try RecordTypeMapper.resolve(ckType, os: os)
    } catch {
      throw RecordErrors.refused(error)
    }
  }

  static func resolveMember(_ composite: String, _ name: String, what: String) throws(HealthError)
    -> ResolvedType
  {
    // protocol/record-shapes.md names nutrients by their `nutrition.*` CKTypes: `protein` and `nutrition.protein`
    // are the same nutrient (likewise a stage may be written `deep` or `sleepSession.deep`).
    let prefix = composite + "."
    let ckType = name.hasPrefix(prefix) ? name : prefix + name
    guard RecordTypeMapper.row(ckType) != nil else {
      let names = RecordTypeMapper.memberCKTypes(of: composite).map {
        String($0.dropFirst(composite.count + 1))
      }
      throw HealthError(
        .unsupportedType,
        "unknown \(composite) \(what) '\(name)'; expected one of \(names.joined(separator: ", "))",
        type: ckType, reason: .refused(.unknownType))
    }
    return try resolve(ckType, os: anyOS)
  }

  /// The quantity identifier of a workout series for the activity.
  static func seriesIdentifier(_ component: String, activity: String, os: OSVersion)
    throws(HealthError) -> String
  {
    if let dependent = WorkoutComponent(rawValue: component) {
      do {
        switch try RecordTypeMapper.resolveComponent(dependent, activity: activity, os: os) {
        case .quantity(let identifier): return identifier
        case .elevationMetadata: return ""
        }
      } catch {
        throw RecordErrors.refused(error)
      }
    }
    return try resolve("workout.\(component)", os: os).identifier
  }

  @discardableResult
  static func elevation(activity: String, os: OSVersion) throws(HealthError) -> (
    ascended: String, descended: String
  ) {
    do {
      switch try RecordTypeMapper.resolveComponent(.elevation, activity: activity, os: os) {
      case .elevationMetadata(let ascended, let descended): return (ascended, descended)
      case .quantity(let identifier): return (identifier, identifier)
      }
    } catch {
      throw RecordErrors.refused(error)
    }
  }

  // MARK: iOS version

  mutating func checkOS() throws(HealthError) {
    guard let type = resolved else { return }
    _ = try Self.resolve(input.type, os: os)
    for member in memberTypes {
      _ = try Self.resolve(member.ckType, os: os)
    }
    if case .workout(let workout) = input.fields, let activity {
      guard os >= activity.minimumOS else {
        throw RecordErrors.tooNew(
          "the workout activity '\(activity.name)'", type: "workout",
          minimumOS: activity.minimumOS, deviceOS: os)
      }
      for series in workout.series {
        if let identifier = series.identifier, let info = Catalogue.info(identifier) {
          guard os >= info.minimumOS else {
            throw RecordErrors.tooNew(
              info.name, type: "workout.\(series.component)", minimumOS: info.minimumOS,
              deviceOS: os)
          }
        } else {
          _ = try Self.seriesIdentifier(series.component, activity: activity.name, os: os)
        }
      }
      if workout.elevation != nil {
        elevationKeys = try Self.elevation(activity: activity.name, os: os)
      }
    }
    _ = type
  }

  // MARK: Writability

  func checkWritability() throws(HealthError) {
    guard resolved != nil else { return }
    do {
      _ = try RecordTypeMapper.resolveForWriting(input.type, os: Self.anyOS)
    } catch {
      if mode == .external && error.reason != .characteristic { return }
      var refusal = RecordErrors.refused(error)
      if mode == .external {
        refusal.summary += "; set it with the control method setCharacteristic"
      }
      throw refusal
    }
  }
}
