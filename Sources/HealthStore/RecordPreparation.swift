import HealthKitModel

/// Who is writing a record.
public enum WriteMode: Sendable {
  /// The app (`writeRecord`, `writeRecords`, `endWorkout`): writability and authorization apply.
  case app
  /// Another app or device (control `addSamples`): no authorization; device-exclusive types are
  /// allowed (an Apple Watch records them), characteristics still are not samples.
  case external
}

/// One HealthKit sample a record will create, before its uuid is minted.
public struct PlannedSample: Hashable, Sendable {
  public var ckType: String
  public var identifier: String
  public var start: Int
  public var end: Int
  public var body: SampleBody
  public var metadata: [MetadataEntry]

  public init(
    ckType: String, identifier: String, start: Int, end: Int, body: SampleBody,
    metadata: [MetadataEntry]
  ) {
    self.ckType = ckType
    self.identifier = identifier
    self.start = start
    self.end = end
    self.body = body
    self.metadata = metadata
  }
}

/// A record that passed every check: the samples to create. `commitRecord` mints the members'
/// uuids first, in record order, then the container's, then the workout's associated samples'
/// (protocol/record-shapes.md#fields-by-kind, protocol/healthkit-rules.md#workouts).
public struct PreparedRecord: Hashable, Sendable {
  public var ckType: String
  /// Correlation members or sleep stages (each its own sample).
  public var members: [PlannedSample]
  /// The sample itself, or the correlation; nil for a sleep session (no container).
  public var main: PlannedSample?
  /// Whether the reply lists `members` (bloodPressure, nutrition, sleepSession).
  public var isComposite: Bool
  /// For a workout: the quantity samples its builder collected, saved with it and associated
  /// with it (under the workout's own authorization, protocol/healthkit-rules.md#workouts).
  public var associated: [PlannedSample]

  public init(
    ckType: String, members: [PlannedSample], main: PlannedSample?, isComposite: Bool,
    associated: [PlannedSample] = []
  ) {
    self.ckType = ckType
    self.members = members
    self.main = main
    self.isComposite = isComposite
    self.associated = associated
  }
}

/// A written record: the uuid and identifier the reply shows, and the members' when composite.
public struct WrittenRecord: Hashable, Sendable {
  public struct Member: Hashable, Sendable {
    public var uuid: String
    public var identifier: String
  }

  public var uuid: String
  public var identifier: String
  public var members: [Member]?
}

extension HealthStore {
  /// The device's iOS version as the model's type.
  public var deviceOSVersion: OSVersion { osVersion }

  /// Checks a record in the order of protocol/errors.md#which-check-fails-first — CKType and its members mapped → iOS version →
  /// writability → field values → authorization — and returns what to store. Changes nothing.
  public func prepareRecord(_ input: RecordInput, mode: WriteMode) throws(HealthError)
    -> PreparedRecord
  {
    var builder = RecordBuilder(input: input, os: deviceOSVersion, mode: mode)
    try builder.map()
    try builder.checkOS()
    try builder.checkWritability()
    let record = try builder.build()
    if mode == .app {
      for (name, identifier) in builder.shareIdentifiers {
        let status = authorization[identifier]?.share ?? .notDetermined
        guard status == .sharingAuthorized else {
          throw RecordErrors.notAuthorized(
            status, name: name, identifier: identifier, action: "saving the \(input.type) record")
        }
      }
    }
    return record
  }

  /// Stores a prepared record, the one way samples enter the store: mints the members' uuids,
  /// then the container's, then the associated samples', and inserts every sample (each insert
  /// a change in the change log).
  @discardableResult
  public func commitRecord(_ record: PreparedRecord, source: SampleSource) -> WrittenRecord {
    let memberUUIDs = record.members.map { _ in mintUUID() }
    let mainUUID = record.main.map { _ in mintUUID() }
    let associatedUUIDs = record.associated.map { _ in mintUUID() }
    for (member, uuid) in zip(record.members, memberUUIDs) {
      samples.insert(stored(member, uuid: uuid, source: source, container: mainUUID))
    }
    if let main = record.main, let mainUUID {
      var sample = stored(main, uuid: mainUUID, source: source, container: nil)
      sample.members = memberUUIDs
      if case .workout(var summary) = sample.body, !associatedUUIDs.isEmpty {
        summary.associated = associatedUUIDs
        sample.body = .workout(summary)
      }
      samples.insert(sample)
    }
    for (planned, uuid) in zip(record.associated, associatedUUIDs) {
      var sample = stored(planned, uuid: uuid, source: source, container: nil)
      sample.workout = mainUUID
      samples.insert(sample)
    }
    let members = zip(record.members, memberUUIDs).map {
      WrittenRecord.Member(uuid: $1, identifier: $0.identifier)
    }
    let shown =
      record.main.map { WrittenRecord.Member(uuid: mainUUID ?? "", identifier: $0.identifier) }
      ?? members.first ?? WrittenRecord.Member(uuid: "", identifier: "")
    return WrittenRecord(
      uuid: shown.uuid, identifier: shown.identifier,
      members: record.isComposite ? members : nil)
  }

  private func stored(
    _ planned: PlannedSample, uuid: String, source: SampleSource, container: String?
  ) -> StoredSample {
    StoredSample(
      uuid: uuid, ckType: planned.ckType, identifier: planned.identifier, start: planned.start,
      end: planned.end, body: planned.body, metadata: planned.metadata, source: source,
      container: container)
  }

  /// This app's source: its bundle id, and its name when one was configured.
  public var appSource: SampleSource { SampleSource(bundleId: bundleId, name: appName) }
}
