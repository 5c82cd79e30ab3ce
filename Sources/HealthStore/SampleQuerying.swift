import HealthKitModel

/// An `HKSampleQuery` of one type: which samples, in which order, how many, and in which unit.
public struct SampleQuery: Hashable, Sendable {
  /// The raw identifier of the type queried.
  public var identifier: String
  public var start: Int?
  public var end: Int?
  /// At most this many samples; nil or 0: no limit (HealthKit's `HKObjectQueryNoLimit`).
  public var limit: Int?
  public var ascending: Bool
  /// Only category samples of this raw value.
  public var categoryValue: Int?
  /// Only this app's samples: reading was denied (protocol/healthkit-rules.md#authorization).
  public var ownSamplesOnly: Bool
  /// Quantities converted to this unit (checked compatible beforehand).
  public var unit: String?

  public init(
    identifier: String, start: Int? = nil, end: Int? = nil, limit: Int? = nil,
    ascending: Bool = false, categoryValue: Int? = nil, ownSamplesOnly: Bool = false,
    unit: String? = nil
  ) {
    self.identifier = identifier
    self.start = start
    self.end = end
    self.limit = limit
    self.ascending = ascending
    self.categoryValue = categoryValue
    self.ownSamplesOnly = ownSamplesOnly
    self.unit = unit
  }
}

extension HealthStore {
  /// Runs a query: the samples, newest first unless ascending, ties in the order written,
  /// values in the query's unit.
  public func samples(matching query: SampleQuery) -> [StoredSample] {
    var found: [StoredSample] = []
    forEachSample(matching: query) { found.append($0) }
    return found
  }

  /// Runs a query, handing each sample that `include` keeps to `body` in the query's order (a
  /// big answer is never held as a whole); the query's limit counts kept samples only.
  public func forEachSample(
    matching query: SampleQuery, where include: (StoredSample) -> Bool = { _ in true },
    _ body: (StoredSample) -> Void
  ) {
    let ownBundle = bundleId
    func keep(_ sample: StoredSample) -> Bool {
      if let value = query.categoryValue, sample.body != .category(rawValue: value) {
        return false
      }
      return include(sample)
    }
    // A read limited to the app's own samples walks only the app's index.
    samples.visit(
      identifier: query.identifier, source: query.ownSamplesOnly ? ownBundle : nil,
      start: query.start, end: query.end,
      ascending: query.ascending, limit: query.limit == 0 ? nil : query.limit, include: keep
    ) { sample in
      guard let unit = query.unit else { return body(sample) }
      var shown = sample
      shown.body = Self.converted(sample.body, to: unit)
      body(shown)
    }
  }

  /// A body with its quantities in `unit` (checked compatible beforehand).
  public static func converted(_ body: SampleBody, to unit: String) -> SampleBody {
    func convert(_ value: Double, from: String) -> Double {
      (try? Units.convert(value, from: from, to: unit)) ?? value
    }
    switch body {
    case .quantity(let quantity):
      return .quantity(
        MeasuredQuantity(value: convert(quantity.value, from: quantity.unit), unit: unit))
    case .bloodPressure(let systolic, let diastolic, let from):
      return .bloodPressure(
        systolic: convert(systolic, from: from), diastolic: convert(diastolic, from: from),
        unit: unit)
    default:
      return body
    }
  }

  /// The case name of a category value as HealthKit on this iOS names it: a current name before
  /// a deprecated alias, and only cases the iOS version has (`asleep` before iOS 16,
  /// `asleepUnspecified` from 16); the number itself when no case matches.
  public func categoryCaseName(identifier: String, rawValue: Int) -> String {
    let os = deviceOSVersion
    let cases = (Catalogue.info(identifier)?.categoryCases ?? []).filter {
      $0.rawValue == rawValue && ($0.minimumOS ?? os) <= os
    }
    return (cases.first { $0.deprecatedAliasOf == nil } ?? cases.first)?.name ?? "\(rawValue)"
  }
}
