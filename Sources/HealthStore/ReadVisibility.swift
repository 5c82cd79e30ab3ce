/// Which samples of a type a query of the app sees (protocol/healthkit-rules.md#authorization):
/// everything when reading was granted, only the app's own samples when it was denied (silently,
/// so a denial looks like an empty store).
public enum ReadVisibility: Sendable, Hashable {
  case all
  case ownOnly(bundleId: String)

  public func shows(_ sample: StoredSample) -> Bool {
    switch self {
    case .all: return true
    case .ownOnly(let bundleId): return sample.source.bundleId == bundleId
    }
  }
}

extension HealthStore {
  /// What a query of `identifier` sees, or nil while reading it was never asked for (HealthKit
  /// then fails the query with "Authorization not determined", `hkErrorCode` 5).
  public func readVisibility(of identifier: String) -> ReadVisibility? {
    switch authorization(for: identifier).read {
    case .granted: return .all
    case .denied: return .ownOnly(bundleId: bundleId)
    case .notDetermined: return nil
    }
  }
}
