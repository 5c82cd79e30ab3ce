import HealthKitModel

/// The store's one read API: every reader (the profiles, `HealthKit`) asks here, and the store
/// applies the privacy rule (protocol/healthkit-rules.md#authorization), the order and the limit.
extension HealthStore {
  /// The anchor of the store's latest change (0 before the first); it only grows.
  public var changeAnchor: Int { samples.anchor }

  /// The number of stored samples (every source's; for figures and checks, never for an app).
  public var storedSampleCount: Int { samples.count }

  /// The stored sample with this uuid whatever its source: for the store's own bookkeeping
  /// (a correlation's members, a workout's samples) once the container was found visible. An
  /// app's lookup by uuid is ``visibleSample(uuid:)``.
  public func storedSample(uuid: String) -> StoredSample? { samples.sample(uuid: uuid) }

  /// Every stored sample in the order written (the control channel's state, verification).
  public var samplesInWriteOrder: [StoredSample] { samples.allInWriteOrder }

  /// The workout sessions in progress, in the order they started.
  public var workoutSessionsInProgress: [WorkoutSession] { samples.sessionsInProgress }

  /// What a read of `identifier` sees: its own read decision, or for a correlation its members'
  /// (HealthKit asks for the member types, never the correlation type). `nil` while never asked.
  public func readVisibility(forQueryOf identifier: String) -> ReadVisibility? {
    let members = Self.correlationMemberTypes(identifier)
    return members.isEmpty ? readVisibility(of: identifier) : readVisibility(of: members)
  }

  /// The member types of a correlation type (none for any other type).
  public static func correlationMemberTypes(_ identifier: String) -> [String] {
    switch identifier {
    case "HKCorrelationTypeIdentifierBloodPressure":
      return [
        "HKQuantityTypeIdentifierBloodPressureSystolic",
        "HKQuantityTypeIdentifierBloodPressureDiastolic",
      ]
    case "HKCorrelationTypeIdentifierFood":
      return Catalogue.identifiers(of: .quantity).filter {
        $0.hasPrefix("HKQuantityTypeIdentifierDietary")
      }
    default:
      return []
    }
  }

  /// The samples of `query` the app sees with `visibility`, in the query's order (newest first
  /// unless ascending, ties in the order written), those `include` keeps, at most the query's
  /// limit, values in the query's unit.
  public func read(
    _ query: SampleQuery, visibility: ReadVisibility,
    where include: (StoredSample) -> Bool = { _ in true }
  ) -> [StoredSample] {
    var scoped = query
    if case .ownOnly = visibility { scoped.ownSamplesOnly = true }
    var found: [StoredSample] = []
    forEachSample(matching: scoped, where: include) { found.append($0) }
    return found
  }

  /// ``read(_:visibility:where:)`` with the visibility of the app's own authorization; `nil`
  /// while reading the type was never asked for.
  public func read(
    _ query: SampleQuery, where include: (StoredSample) -> Bool = { _ in true }
  ) -> [StoredSample]? {
    guard let visibility = readVisibility(forQueryOf: query.identifier) else { return nil }
    return read(query, visibility: visibility, where: include)
  }

  /// What changed for `identifier` after `anchor` that the app sees with `visibility`: added
  /// samples it may read, deletes of samples it may read (its own only, when denied).
  public func changes(of identifier: String, since anchor: Int, visibility: ReadVisibility)
    -> SampleChanges
  {
    var changes = samples.changes(of: identifier, since: max(0, anchor))
    if case .ownOnly(let bundle) = visibility {
      changes.added = changes.added.filter { $0.source.bundleId == bundle }
      changes.deleted = changes.deleted.filter { $0.source == bundle }
    }
    return changes
  }
}
