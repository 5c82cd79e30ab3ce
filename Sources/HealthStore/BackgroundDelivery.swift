/// `HKUpdateFrequency`: how often HealthKit wakes the app for an observer query's type.
public enum UpdateFrequency: String, Sendable, CaseIterable, Hashable {
  case immediate
  case hourly
  case daily
  case weekly
}

/// The app's background delivery registrations (`enableBackgroundDelivery`), by raw HealthKit
/// identifier, in the order first enabled. The emulated app never leaves the foreground, so
/// observers fire right after each change whatever the frequency (protocol/events.md); the
/// registrations are kept so that a test can check them.
public struct BackgroundDeliveries: Sendable, Hashable {
  public private(set) var entries: [(identifier: String, frequency: UpdateFrequency)] = []

  public init() {}

  /// Enables (or changes the frequency of) background delivery for `identifier`.
  public mutating func enable(_ identifier: String, frequency: UpdateFrequency) {
    if let index = entries.firstIndex(where: { $0.identifier == identifier }) {
      entries[index].frequency = frequency
    } else {
      entries.append((identifier, frequency))
    }
  }

  /// Disables it for `identifier` (nothing happens when it was not enabled).
  public mutating func disable(_ identifier: String) {
    entries.removeAll { $0.identifier == identifier }
  }

  public mutating func disableAll() { entries = [] }

  public func frequency(of identifier: String) -> UpdateFrequency? {
    entries.first { $0.identifier == identifier }?.frequency
  }

  public static func == (a: BackgroundDeliveries, b: BackgroundDeliveries) -> Bool {
    a.entries.map(\.identifier) == b.entries.map(\.identifier)
      && a.entries.map(\.frequency) == b.entries.map(\.frequency)
  }

  public func hash(into hasher: inout Hasher) {
    for entry in entries {
      hasher.combine(entry.identifier)
      hasher.combine(entry.frequency)
    }
  }
}
