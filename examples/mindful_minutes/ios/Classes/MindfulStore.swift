import Foundation

/// One mindful session as the channel hands it out.
struct MindfulSession {
  static let hkType = "HKCategoryTypeIdentifierMindfulSession"
  var uuid: String
  var start: Int
  var end: Int

  /// The readRecords map of the session.
  var record: [String: Any] {
    [
      "uuid": uuid, "type": MindfulRequest.type, "hkType": Self.hkType, "start": start,
      "end": end, "value": "notApplicable", "metadata": [String: Any](),
      "source": ["bundleId": MindfulStore.bundleId],
    ]
  }

  /// The writeRecord reply.
  var channelValue: [String: Any] { ["uuid": uuid, "hkType": Self.hkType] }
}

/// The sessions, in memory (one store per plugin instance), behind a lock: HealthKit's
/// callbacks come on background queues, and so do this store's answers.
final class MindfulStore {
  /// The app the sessions come from.
  static let bundleId = "com.example.app"

  private let lock = NSLock()
  private var granted = false
  private var saved: [MindfulSession] = []
  private var lastNumber = 0

  func grant() {
    lock.lock()
    defer { lock.unlock() }
    granted = true
  }

  func save(start: Int, end: Int) throws -> MindfulSession {
    lock.lock()
    defer { lock.unlock() }
    guard granted else { throw MindfulFailure.notDetermined }
    lastNumber += 1
    let digits = String(lastNumber)
    let uuid =
      "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - digits.count) + digits
    let session = MindfulSession(uuid: uuid, start: start, end: end)
    saved.append(session)
    return session
  }

  /// The sessions overlapping `from` … `to` (open ends when `nil`), by start time.
  func sessions(from: Int?, to: Int?, ascending: Bool) -> [MindfulSession] {
    lock.lock()
    defer { lock.unlock() }
    let found = saved.filter { session in
      (from.map { session.end > $0 } ?? true) && (to.map { session.start < $0 } ?? true)
    }
    .sorted { $0.start < $1.start }
    return ascending ? found : found.reversed()
  }

  /// Deletes all of `uuids` or none; the number deleted.
  func delete(_ uuids: [String]) throws -> Int {
    lock.lock()
    defer { lock.unlock() }
    for uuid in uuids where !saved.contains(where: { $0.uuid == uuid }) {
      throw MindfulFailure.notFound(uuid)
    }
    saved.removeAll { uuids.contains($0.uuid) }
    return uuids.count
  }
}
