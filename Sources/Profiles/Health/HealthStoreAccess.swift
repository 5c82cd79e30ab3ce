import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// Why HealthKit fails a query or save of the `health` profile, with the `localizedDescription`
/// the host puts in its error messages.
enum HealthKitFailure: Error {
  case unavailable
  case restricted
  case authorizationNotDetermined

  var description: String {
    switch self {
    case .unavailable: return "Health data is unavailable on this device"
    case .restricted: return "Health data is restricted"
    case .authorizationNotDetermined: return "Authorization not determined"
    }
  }
}

/// What the `health` profile asks of the one HealthStore: availability, read visibility (the
/// privacy rule), saving and deleting samples, as HealthKit answers the host.
struct HealthStoreAccess {
  let store: HealthStore

  static let wasUserEntered = "HKWasUserEntered"

  var os: OSVersion { store.deviceOSVersion }

  /// The failure of every HealthKit call when HealthKit does not answer on this device.
  func availabilityFailure() -> HealthKitFailure? {
    switch store.availability {
    case .available: return nil
    case .unavailable: return .unavailable
    case .restricted: return .restricted
    }
  }

  /// Which samples of these identifiers a query sees, by the store's privacy rule
  /// (``HealthStore/readVisibility(of:)-([String])``); a failure when HealthKit does not answer
  /// or none was ever asked for.
  func visibility(_ identifiers: [String]) throws(HealthKitFailure) -> ReadVisibility {
    if let failure = availabilityFailure() { throw failure }
    guard let visibility = store.readVisibility(of: identifiers) else {
      throw .authorizationNotDetermined
    }
    return visibility
  }

  /// Whether the app may save (and delete) samples of every identifier: HealthKit's save fails
  /// unless sharing each was authorized.
  func maySave(_ identifiers: [String]) -> Bool {
    availabilityFailure() == nil
      && identifiers.allSatisfy { store.shareStatus(for: $0) == .sharingAuthorized }
  }

  /// Whether a sample was entered by the user (`HKWasUserEntered` set to 1).
  static func isUserEntered(_ sample: StoredSample) -> Bool {
    sample.metadata.contains { entry in
      guard entry.key == wasUserEntered else { return false }
      switch entry.value {
      case .int(let value): return value != 0
      case .double(let value): return value != 0
      case .string: return false
      }
    }
  }

  /// `recording_method` of a data point: 3 (manual) when user-entered, else 2 (automatic).
  static func recordingMethod(_ sample: StoredSample) -> ChannelValue {
    .swiftInt(isUserEntered(sample) ? 3 : 2)
  }

  /// The samples of `identifier` whose start is in `[from, to)` (`.strictStartDate`), that the
  /// query sees and that pass `include`; newest end first (ties: later start, then written later).
  func samples(
    _ identifier: String, from: Int, to: Int, visibility: ReadVisibility,
    include: (StoredSample) -> Bool = { _ in true }
  ) -> [StoredSample] {
    guard from < to else { return [] }
    let found = store.samples.query(
      identifier: identifier, source: visibility.onlySource, start: from, end: to,
      ascending: true, limit: nil
    ) { sample in
      sample.start >= from && visibility.shows(sample) && include(sample)
    }
    return found.sorted { ($0.end, $0.start, $0.sequence) > ($1.end, $1.start, $1.sequence) }
  }

  /// The sample with this uuid (any case, as `UUID(uuidString:)` parses it), or nil.
  func sample(uuid text: String) -> StoredSample? {
    guard Self.isUUID(text) else { return nil }
    return store.samples.sample(uuid: text.lowercased())
  }

  /// `UUID(uuidString:)`: 8-4-4-4-12 hex digits.
  static func isUUID(_ text: String) -> Bool {
    let groups = text.split(separator: "-", omittingEmptySubsequences: false)
    guard groups.map(\.count) == [8, 4, 4, 4, 12] else { return false }
    return groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
  }

  // MARK: Writing

  /// A sample of this app, ready to store (uuid minted when saved).
  struct NewSample {
    var identifier: String
    var start: Int
    var end: Int
    var body: SampleBody
    var metadata: [MetadataEntry]
  }

  /// Saves samples as one object (a correlation's members first, then the container) through
  /// the store, as this app's: the store mints the uuids in that order.
  func save(members: [NewSample], container: NewSample?) {
    func planned(_ new: NewSample) -> PlannedSample {
      PlannedSample(
        identifier: new.identifier, start: new.start, end: new.end, body: new.body,
        metadata: new.metadata)
    }
    store.save(
      PlannedObjects(members: members.map(planned), main: container.map(planned)),
      source: store.appSource)
  }

  /// Deletes samples through the store: a correlation with its members, and a member with its
  /// correlation and the other members (HealthKit keeps no half correlation).
  func delete(_ samples: [StoredSample]) {
    store.delete(samples.map(\.uuid))
  }
}
