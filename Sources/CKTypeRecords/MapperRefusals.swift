import HealthKitModel
import HealthStore

extension RecordErrors {
  /// A mapper refusal as the store's error: ``HealthError/init(_:)`` that raises no exception.
  /// Saving a read-only type fails with an error on iOS (it is asking to share one that raises
  /// an exception).
  public static func refused(_ refusal: Refusal) -> HealthError {
    var error = HealthError(refusal)
    error.raisesException = false
    return error
  }
}
