import HealthKitModel
import HealthStore

extension RecordErrors {
  /// A mapper refusal as the channel error: ``HealthError/init(_:)`` without `iosBehavior`.
  /// Saving a read-only type fails with an error on iOS (it is asking to share one that raises
  /// an exception), so no `iosBehavior` is set.
  public static func refused(_ refusal: Refusal) -> HealthError {
    var error = HealthError(refusal)
    error.iosBehavior = nil
    return error
  }
}
