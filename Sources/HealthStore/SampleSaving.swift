import HealthKitModel

/// One HealthKit sample to save, before its uuid is minted.
public struct PlannedSample: Hashable, Sendable {
  /// The raw HealthKit identifier.
  public var identifier: String
  public var start: Int
  public var end: Int
  public var body: SampleBody
  public var metadata: [MetadataEntry]
  /// The device that recorded the sample, when one was given.
  public var device: SampleDevice?

  public init(
    identifier: String, start: Int, end: Int, body: SampleBody, metadata: [MetadataEntry],
    device: SampleDevice? = nil
  ) {
    self.device = device
    self.identifier = identifier
    self.start = start
    self.end = end
    self.body = body
    self.metadata = metadata
  }
}

/// What one save creates: a sample, a correlation and its members, several samples saved
/// together (members without a container), or a workout and the samples its builder collected.
/// `save` mints the members' uuids first, in order, then the main object's, then the associated
/// samples' (protocol/healthkit-rules.md#workouts).
public struct PlannedObjects: Hashable, Sendable {
  /// A correlation's members, or samples saved together without a container.
  public var members: [PlannedSample]
  /// The sample itself, the correlation or the workout; nil when only `members` are saved.
  public var main: PlannedSample?
  /// For a workout: the quantity samples its builder collected, saved with it and associated
  /// with it (under the workout's own authorization).
  public var associated: [PlannedSample]

  public init(
    members: [PlannedSample] = [], main: PlannedSample?, associated: [PlannedSample] = []
  ) {
    self.members = members
    self.main = main
    self.associated = associated
  }
}

/// The uuids one save minted, in the order of its `PlannedObjects`.
public struct SavedObjects: Hashable, Sendable {
  public var members: [String]
  public var main: String?
  public var associated: [String]
}

/// A type a save by the app must be allowed to share: its raw identifier, and the name the
/// caller knows it by (shown in the error).
public struct SharedType: Hashable, Sendable {
  public var name: String
  public var identifier: String

  public init(name: String, identifier: String) {
    self.name = name
    self.identifier = identifier
  }
}

extension HealthStore {
  /// The device's iOS version as the model's type.
  public var deviceOSVersion: OSVersion { osVersion }

  /// HealthKit's share check of a save by the app: every type is `sharingAuthorized`, checked
  /// in order; the first that is not fails (`.authorizationDenied` when denied, else not
  /// determined). Changes nothing.
  /// `action` (what failed, in the message) is built only for an error.
  public func checkSharing(_ types: [SharedType], action: @autoclosure () -> String)
    throws(HealthError)
  {
    for type in types {
      let status = authorization[type.identifier]?.share ?? .notDetermined
      guard status == .sharingAuthorized else {
        throw RecordErrors.notAuthorized(
          status, name: type.name, identifier: type.identifier, action: action())
      }
    }
  }

  /// Saves checked objects, the one way samples enter the store: mints the members' uuids,
  /// then the main object's, then the associated samples', and inserts every sample (each
  /// insert a change in the change log).
  @discardableResult
  public func save(_ objects: PlannedObjects, source: SampleSource) -> SavedObjects {
    let memberUUIDs = objects.members.map { _ in mintUUID(for: source) }
    let mainUUID = objects.main.map { _ in mintUUID(for: source) }
    let associatedUUIDs = objects.associated.map { _ in mintUUID(for: source) }
    for (member, uuid) in zip(objects.members, memberUUIDs) {
      samples.insert(stored(member, uuid: uuid, source: source, container: mainUUID))
    }
    if let main = objects.main, let mainUUID {
      var sample = stored(main, uuid: mainUUID, source: source, container: nil)
      sample.members = memberUUIDs
      if case .workout(var summary) = sample.body, !associatedUUIDs.isEmpty {
        summary.associated = associatedUUIDs
        sample.body = .workout(summary)
      }
      samples.insert(sample)
    }
    for (planned, uuid) in zip(objects.associated, associatedUUIDs) {
      var sample = stored(planned, uuid: uuid, source: source, container: nil)
      sample.workout = mainUUID
      samples.insert(sample)
    }
    return SavedObjects(members: memberUUIDs, main: mainUUID, associated: associatedUUIDs)
  }

  private func stored(
    _ planned: PlannedSample, uuid: String, source: SampleSource, container: String?
  ) -> StoredSample {
    StoredSample(
      uuid: uuid, identifier: planned.identifier, start: planned.start, end: planned.end,
      body: planned.body, metadata: planned.metadata, source: source, container: container,
      device: planned.device)
  }

  /// This app's source: its bundle id, and its name when one was configured.
  public var appSource: SampleSource { SampleSource(bundleId: bundleId, name: appName) }
}
