import HealthStore

/// CKType records over one store: writes, reads, deletes and workout ends named by CKType,
/// checked and carried out through the store's public API only. The store itself speaks
/// HealthKit identifiers and knows no CKType; a profile that takes CKTypes wraps its store in
/// one of these (`RecordStore(store).prepareRecord(…)`).
public struct RecordStore {
  /// The store the records are read from and written to.
  public let store: HealthStore

  public init(_ store: HealthStore) {
    self.store = store
  }
}
