/// Which samples of a type a query of the app sees (protocol/healthkit-rules.md#authorization):
/// everything when reading was granted, only the app's own samples when it was denied (silently,
/// so a denial looks like an empty store).
public enum ReadVisibility: Sendable, Hashable {
  case all
  case ownOnly(bundleId: String)

  /// The one source whose samples are seen (a denied read: the app's own), nil for all: a
  /// query given it walks only that source's samples.
  public var onlySource: String? {
    if case .ownOnly(let bundleId) = self { return bundleId }
    return nil
  }

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

  /// What one read that covers several types sees (a food correlation read with its nutrient
  /// types): everything when reading any of them was granted, only the app's own samples when
  /// every decided one was denied, nil while none was ever asked for.
  public func readVisibility(of identifiers: [String]) -> ReadVisibility? {
    let decisions = identifiers.map { authorization(for: $0).read }
    if decisions.contains(.granted) { return .all }
    if decisions.contains(.denied) { return .ownOnly(bundleId: bundleId) }
    return nil
  }
}
