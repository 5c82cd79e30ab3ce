import HealthStore

extension HealthStore {
  /// Checks a delete of records by uuid (``HealthStore/prepareDelete(_:field:naming:)``),
  /// naming each sample by its CKType in errors (looked up only when one is refused); `field`
  /// is the caller's name of the uuid list.
  public func prepareRecordDelete(_ uuids: [String], field: String) throws(HealthError)
    -> [String]
  {
    try prepareDelete(uuids, field: field) { CKTypeNames.namer(for: self).name(of: $0) }
  }
}
