import Synchronization

/// The units parsed so far, by their text: a store checks the same few unit strings for every
/// sample it reads or writes (`count/min`, `kg`, a type's canonical unit), and parsing one is
/// some thousands of instructions. Parsing is a pure function of the text, so a kept result
/// (a unit or the error) is the result. HealthKit's completion handlers run on background
/// queues, so the table is behind a lock; it holds at most ``limit`` texts and starts again when
/// full, so that a stream of distinct strings cannot grow it.
enum ParsedUnits {
  static let limit = 256

  private static let table = Mutex<[String: Result<HealthUnit, ModelError>]>([:])

  /// `UnitParser.parse(text)`, from the table when it was parsed before.
  static func parse(_ text: String) throws(ModelError) -> HealthUnit {
    if let known = table.withLock({ $0[text] }) { return try known.get() }
    let result: Result<HealthUnit, ModelError>
    do throws(ModelError) {
      result = .success(try UnitParser.parse(text))
    } catch {
      result = .failure(error)
    }
    table.withLock { units in
      if units.count >= limit { units.removeAll(keepingCapacity: true) }
      units[text] = result
    }
    return try result.get()
  }
}
