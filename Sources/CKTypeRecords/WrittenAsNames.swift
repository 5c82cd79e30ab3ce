import HealthStore

/// The CKType a sample was written as where its HealthKit facts give another name (a sample
/// written alone as `workout.energy` is an active-energy sample, which ``CKTypeNames`` lists as
/// `activeEnergy`), and a food's nutrient keys where they were written with their prefix
/// (`nutrition.protein`). Kept beside the store as its ``StoreAttachment``, never in its objects: the
/// store speaks HealthKit identifiers only. An entry names the sample it was made for (same uuid
/// and change-log anchor), so a deleted sample's entry never matches again; a reset drops them
/// all.
final class WrittenAsNames: StoreAttachment {
  struct Entry: Sendable {
    var sequence: Int
    var name: String?
    var nutrientKeys: [String]?
  }

  var entries: [String: Entry] = [:]

  init() {}

  /// Remembers that the sample `uuid`, just saved to `store`, was written as `name`.
  static func record(_ name: String, uuid: String, in store: HealthStore) {
    guard let sequence = store.storedSample(uuid: uuid)?.sequence else { return }
    store.attachment(Self.self).entries[uuid] = Entry(sequence: sequence, name: name)
  }

  /// Remembers the nutrient keys the food `uuid`, just saved to `store`, was written with.
  static func record(nutrientKeys: [String], uuid: String, in store: HealthStore) {
    guard let sequence = store.storedSample(uuid: uuid)?.sequence else { return }
    store.attachment(Self.self).entries[uuid] = Entry(
      sequence: sequence, nutrientKeys: nutrientKeys)
  }

  /// The entry of `sample`, unless it was made for another sample.
  static func entry(of sample: StoredSample, in entries: [String: Entry]) -> Entry? {
    guard !entries.isEmpty, let entry = entries[sample.uuid], entry.sequence == sample.sequence
    else { return nil }
    return entry
  }

  /// What `store`'s samples were written as, where it cannot be derived.
  static func names(in store: HealthStore) -> CKTypeNamer {
    CKTypeNamer(written: store.existingAttachment(Self.self)?.entries ?? [:])
  }
}
