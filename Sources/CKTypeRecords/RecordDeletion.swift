import HealthStore

extension HealthStore {
  /// Checks `deleteRecords` (``HealthStore/prepareDelete(_:naming:)``), naming each sample by
  /// its CKType in errors.
  public func prepareDelete(_ uuids: [String]) throws(HealthError) -> [String] {
    let namer = CKTypeNames.namer(for: self)
    return try prepareDelete(uuids, naming: namer.name(of:))
  }
}
