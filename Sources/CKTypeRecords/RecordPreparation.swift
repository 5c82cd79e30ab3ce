import HealthKitModel
import HealthStore

/// Who is writing a record.
public enum WriteMode: Sendable {
  /// The app (`writeRecord`, `writeRecords`, `endWorkout`): writability and authorization apply.
  case app
  /// Another app or device (control `addSamples`): no authorization; device-exclusive types are
  /// allowed (an Apple Watch records them), characteristics still are not samples.
  case external
}

/// A record that passed every check: the samples to create. `commitRecord` saves them through
/// the store, which mints the members' uuids first, in record order, then the container's, then
/// the workout's associated samples' (protocol/record-shapes.md#fields-by-kind,
/// protocol/healthkit-rules.md#workouts).
public struct PreparedRecord: Hashable, Sendable {
  /// The record's CKType.
  public var ckType: String
  /// The HealthKit objects the record saves.
  public var objects: PlannedObjects
  /// Whether the reply lists `members` (bloodPressure, nutrition, sleepSession).
  public var isComposite: Bool
  /// A food's nutrient keys as written, when one differs from the name its type gives back.
  public var writtenNutrientKeys: [String]?

  public init(
    ckType: String, members: [PlannedSample], main: PlannedSample?, isComposite: Bool,
    associated: [PlannedSample] = []
  ) {
    self.ckType = ckType
    objects = PlannedObjects(members: members, main: main, associated: associated)
    self.isComposite = isComposite
  }

  /// Correlation members or sleep stages (each its own sample).
  public var members: [PlannedSample] {
    get { objects.members }
    set { objects.members = newValue }
  }
  /// The sample itself, or the correlation; nil for a sleep session (no container).
  public var main: PlannedSample? {
    get { objects.main }
    set { objects.main = newValue }
  }
  /// For a workout: the quantity samples its builder collected, saved with it and associated
  /// with it (under the workout's own authorization, protocol/healthkit-rules.md#workouts).
  public var associated: [PlannedSample] {
    get { objects.associated }
    set { objects.associated = newValue }
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

extension RecordStore {
  /// Checks a record in the order of protocol/errors.md#which-check-fails-first — CKType and
  /// its members mapped → iOS version → writability → field values → authorization — and
  /// returns what to store. Changes nothing.
  public func prepareRecord(_ input: RecordInput, mode: WriteMode) throws(HealthError)
    -> PreparedRecord
  {
    var builder = RecordBuilder(input: input, os: store.deviceOSVersion, mode: mode)
    try builder.map()
    try builder.checkOS()
    try builder.checkWritability()
    let record = try builder.build()
    if mode == .app {
      try store.checkSharing(builder.shareIdentifiers, action: "saving the \(input.type) record")
    }
    return record
  }

  /// Stores a prepared record through the store's `save`; a sample written as a CKType its
  /// HealthKit type does not give back is remembered under that name (``WrittenAsNames``).
  @discardableResult
  public func commitRecord(_ record: PreparedRecord, source: SampleSource) -> WrittenRecord {
    let saved = store.save(record.objects, source: source)
    if let uuid = saved.main, CKTypeNames.aliases.contains(record.ckType) {
      WrittenAsNames.record(record.ckType, uuid: uuid, in: store)
    }
    if let uuid = saved.main, let keys = record.writtenNutrientKeys {
      WrittenAsNames.record(nutrientKeys: keys, uuid: uuid, in: store)
    }
    return Self.written(record, saved)
  }

  /// The reply of a saved record: the main object (else the first member), and the members
  /// when the record is composite.
  static func written(_ record: PreparedRecord, _ saved: SavedObjects) -> WrittenRecord {
    let members = zip(record.members, saved.members).map {
      WrittenRecord.Member(uuid: $1, identifier: $0.identifier)
    }
    let shown =
      record.main.map { WrittenRecord.Member(uuid: saved.main ?? "", identifier: $0.identifier) }
      ?? members.first ?? WrittenRecord.Member(uuid: "", identifier: "")
    return WrittenRecord(
      uuid: shown.uuid, identifier: shown.identifier,
      members: record.isComposite ? members : nil)
  }
}
