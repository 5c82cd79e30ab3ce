import Foundation
import HealthKit

/// The plugin's mindful sessions in HealthKit: `HKCategoryType(.mindfulSession)` samples of
/// one `HKHealthStore`. HealthKit answers on its own background queues; so does this type.
final class MindfulSessions {
  static let type = HKCategoryType(.mindfulSession)
  let healthStore = HKHealthStore()

  var isAvailable: Bool { HKHealthStore.isHealthDataAvailable() }

  /// Asks to read and write mindful sessions: `true` when the prompt was shown or not needed.
  func requestAccess(_ done: @escaping (Result<Bool, MindfulFailure>) -> Void) {
    healthStore.requestAuthorization(toShare: [Self.type], read: [Self.type]) { success, error in
      if let error = error {
        done(.failure(MindfulFailure(error)))
      } else {
        done(.success(success))
      }
    }
  }

  /// Saves a session from `start` to `end` (ms since 1970): its writeRecord reply.
  func save(start: Int, end: Int, _ done: @escaping (Result<[String: Any], MindfulFailure>) -> Void)
    throws
  {
    guard healthStore.authorizationStatus(for: Self.type) != .notDetermined else {
      throw MindfulFailure.notDetermined
    }
    let sample = HKCategorySample(
      type: Self.type, value: HKCategoryValue.notApplicable.rawValue, start: Self.date(start),
      end: Self.date(end))
    healthStore.save(sample) { saved, error in
      if saved {
        done(.success(["uuid": Self.id(sample), "hkType": Self.type.identifier]))
      } else {
        done(.failure(MindfulFailure(error)))
      }
    }
  }

  /// The sessions overlapping `from` … `to` (open ends when `nil`), by start time: their
  /// readRecords maps.
  func sessions(
    from: Int?, to: Int?, ascending: Bool,
    _ done: @escaping (Result<[[String: Any]], MindfulFailure>) -> Void
  ) {
    let predicate = HKQuery.predicateForSamples(
      withStart: from.map(Self.date), end: to.map(Self.date), options: [])
    let order = NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: ascending)
    let query = HKSampleQuery(
      sampleType: Self.type, predicate: predicate, limit: HKObjectQueryNoLimit,
      sortDescriptors: [order]
    ) { _, samples, error in
      if let error = error {
        done(.failure(MindfulFailure(error)))
      } else {
        done(.success((samples ?? []).map(Self.record)))
      }
    }
    healthStore.execute(query)
  }

  /// Deletes all of `ids` or none: the number deleted.
  func delete(_ ids: [String], _ done: @escaping (Result<Int, MindfulFailure>) -> Void) {
    let uuids = Set(ids.compactMap { UUID(uuidString: $0) })
    let query = HKSampleQuery(
      sampleType: Self.type, predicate: HKQuery.predicateForObjects(with: uuids),
      limit: HKObjectQueryNoLimit, sortDescriptors: nil
    ) { _, samples, error in
      if let error = error {
        done(.failure(MindfulFailure(error)))
        return
      }
      let found = Set((samples ?? []).map(Self.id))
      if let missing = ids.first(where: { !found.contains($0.lowercased()) }) {
        done(.failure(.notFound(missing)))
        return
      }
      self.healthStore.delete(samples ?? []) { deleted, error in
        done(deleted ? .success(ids.count) : .failure(MindfulFailure(error)))
      }
    }
    healthStore.execute(query)
  }

  static func date(_ ms: Int) -> Date { Date(timeIntervalSince1970: Double(ms) / 1000) }
  static func ms(_ date: Date) -> Int { Int((date.timeIntervalSince1970 * 1000).rounded()) }

  /// The uuid as the channel spells it: lowercase, as the emulator's profiles do.
  static func id(_ sample: HKSample) -> String { sample.uuid.uuidString.lowercased() }

  /// The readRecords map of a session.
  static func record(_ sample: HKSample) -> [String: Any] {
    [
      "uuid": id(sample), "type": MindfulRequest.type, "hkType": type.identifier,
      "start": ms(sample.startDate), "end": ms(sample.endDate), "value": "notApplicable",
      "metadata": [String: Any](),
      "source": ["bundleId": sample.sourceRevision.source.bundleIdentifier],
    ]
  }
}
