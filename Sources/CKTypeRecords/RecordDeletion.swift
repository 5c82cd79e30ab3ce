import HealthStore

extension HealthStore {
  /// Checks `deleteRecords` (``HealthStore/prepareDelete(_:naming:)``), naming each sample by
  /// its CKType in errors (looked up only when one is refused).
  public func prepareDelete(_ uuids: [String]) throws(HealthError) -> [String] {
    try prepareDelete(uuids) { CKTypeNames.namer(for: self).name(of: $0) }
  }
}
