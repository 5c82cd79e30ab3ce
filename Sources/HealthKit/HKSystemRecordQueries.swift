import Foundation
import HealthStore

/// HealthKit's `HKActivitySummaryQuery`: the summaries of the days its predicate names (every
/// day without one), oldest first. Before reading activity summaries was asked for it fails
/// with `errorAuthorizationNotDetermined`, as every read does; a denied read answers no
/// summaries. With an `updateHandler`, it answers again after summaries were added, until
/// stopped.
open class HKActivitySummaryQuery: HKQuery, LiveQuery, @unchecked Sendable {
  let handler: (HKActivitySummaryQuery, [HKActivitySummary]?, Error?) -> Void
  public var updateHandler: ((HKActivitySummaryQuery, [HKActivitySummary]?, Error?) -> Void)?
  var seenGeneration = 0

  public init(
    predicate: NSPredicate?,
    resultsHandler handler:
      @escaping (HKActivitySummaryQuery, [HKActivitySummary]?, Error?) ->
      Void
  ) {
    self.handler = handler
    super.init(objectType: HKObjectType.activitySummaryType(), predicate: predicate)
  }

  /// The summaries the app sees, as HealthKit objects that pass the predicate; or the error.
  func summaries(in store: HealthStore) -> Result<[HKActivitySummary], HKError> {
    let days = SummaryDays.range(of: predicate)
    do {
      let stored = try store.readActivitySummaries(from: days.first, through: days.last)
      var objects = stored.map(SystemRecordObjects.activitySummary)
      if let predicate { objects = objects.filter { predicate.evaluate(with: $0) } }
      return .success(objects)
    } catch {
      return .failure(HKError(store: error))
    }
  }

  override func run(in store: HealthStore) {
    let result = summaries(in: store)
    seenGeneration = store.activitySummaryGeneration
    if case .success = result, updateHandler != nil { HealthKitBinding.register(self) }
    deliver {
      switch result {
      case .success(let summaries): self.handler(self, summaries, nil)
      case .failure(let error): self.handler(self, nil, error.nsError)
      }
    }
  }

  func storeChanged() {
    let result = HealthKitBinding.withStore { store -> Result<[HKActivitySummary], HKError>? in
      let generation = store.activitySummaryGeneration
      guard generation != seenGeneration else { return nil }
      seenGeneration = generation
      return summaries(in: store)
    }
    guard let result, let updateHandler, HealthKitBinding.isRunning(self) else { return }
    deliver {
      switch result {
      case .success(let summaries): updateHandler(self, summaries, nil)
      case .failure(let error): updateHandler(self, nil, error.nsError)
      }
    }
  }

  override func stop() {
    super.stop()
    HealthKitBinding.unregister(self)
  }
}

/// HealthKit's `HKElectrocardiogramQuery`: an ECG's voltage measurements in order, each as
/// `.measurement`, then `.done` (only `.done` for an ECG without a recording, or one the app
/// may no longer see); `.error` before reading ECGs was asked for.
open class HKElectrocardiogramQuery: HKQuery, @unchecked Sendable {
  public enum Result {
    case measurement(HKElectrocardiogram.VoltageMeasurement)
    case done
    case error(Error)
  }

  let electrocardiogram: HKElectrocardiogram
  let handler: (HKElectrocardiogramQuery, Result) -> Void

  public init(
    _ electrocardiogram: HKElectrocardiogram,
    dataHandler: @escaping (HKElectrocardiogramQuery, Result) -> Void
  ) {
    self.electrocardiogram = electrocardiogram
    handler = dataHandler
    super.init(objectType: HKObjectType.electrocardiogramType(), predicate: nil)
  }

  override func run(in store: HealthStore) {
    var measurements: [VoltageMeasurement] = []
    var failure: HKError?
    if let uuid = electrocardiogram.storeUUID {
      do {
        measurements = try store.voltageMeasurements(ofElectrocardiogram: uuid)
      } catch {
        failure = HKError(store: error)
      }
    }
    deliver {
      if let failure { return self.handler(self, .error(failure.nsError)) }
      for measurement in measurements {
        guard !self.stopped else { return }
        self.handler(
          self,
          .measurement(
            HKElectrocardiogram.VoltageMeasurement(
              timeSinceSampleStart: measurement.timeSinceSampleStart,
              microvolts: measurement.microvolts)))
      }
      self.handler(self, .done)
    }
  }
}
