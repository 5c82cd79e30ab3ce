import HealthStore

/// The CKType a sample was written as where its HealthKit facts give another name (a sample
/// written alone as `workout.energy` is an active-energy sample, which ``CKTypeNames`` lists as
/// `activeEnergy`). Kept beside each store, never in it: the store speaks HealthKit identifiers
/// only. An entry names the sample it was made for (same uuid and change-log anchor) until the
/// store is reset (its `generation` changes); a deleted sample's entry never matches again.
enum WrittenAsNames {
  struct Entry: Sendable {
    var sequence: Int
    var name: String
  }

  private final class Table {
    weak var store: HealthStore?
    var generation: Int
    var entries: [String: Entry] = [:]

    init(store: HealthStore) {
      self.store = store
      generation = store.generation
    }
  }

  private static let lock = Lock()
  nonisolated(unsafe) private static var tables: [ObjectIdentifier: Table] = [:]

  /// Remembers that the sample `uuid`, just saved to `store`, was written as `name`.
  static func record(_ name: String, uuid: String, in store: HealthStore) {
    guard let sequence = store.samples.sample(uuid: uuid)?.sequence else { return }
    lock.withLock {
      let table = current(store) ?? Table(store: store)
      tables = tables.filter { $0.value.store != nil }
      tables[ObjectIdentifier(store)] = table
      table.entries[uuid] = Entry(sequence: sequence, name: name)
    }
  }

  /// What `store`'s samples were written as, where it cannot be derived.
  static func names(in store: HealthStore) -> CKTypeNamer {
    lock.withLock { CKTypeNamer(written: current(store)?.entries ?? [:]) }
  }

  /// The table of `store`, unless the store was reset since it was made (or is another store
  /// at the same address).
  private static func current(_ store: HealthStore) -> Table? {
    guard let table = tables[ObjectIdentifier(store)], table.store === store,
      table.generation == store.generation
    else { return nil }
    return table
  }
}
