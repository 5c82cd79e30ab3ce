import HealthKitModel
import HealthStore

extension RecordStore {
  /// The raw identifier of a sample type's CKType on this iOS version (as `readRecords`
  /// resolves its type, without authorization); a characteristic is refused.
  public func sampleTypeIdentifier(_ ckType: String, field: String = "type") throws(HealthError)
    -> String
  {
    let resolved = try RecordBuilder.resolve(ckType, os: store.deviceOSVersion)
    if resolved.typeClass == .characteristic {
      throw HealthError.invalidArgument(
        field: field,
        "'\(ckType)' is a characteristic, not a sample type (\(resolved.identifier))")
    }
    return resolved.identifier
  }
}
