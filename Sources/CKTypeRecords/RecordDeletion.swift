import HealthStore

extension RecordStore {
  /// Checks a delete of records by uuid (the store's
  /// ``HealthStore/prepareDelete(_:field:naming:)``), naming each sample by its CKType in errors
  /// (looked up only when one is refused); `field` is the caller's name of the uuid list.
  public func prepareRecordDelete(_ uuids: [String], field: String) throws(HealthError)
    -> [String]
  {
    try store.prepareDelete(uuids, field: field) { CKTypeNames.namer(for: store).name(of: $0) }
  }
}
