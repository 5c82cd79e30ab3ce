import Foundation
import HealthKitModel
import HealthStore

/// HealthKit's `HKWorkoutSessionState`, with its raw values.
public enum HKWorkoutSessionState: Int, Sendable {
  case notStarted = 1
  case running = 2
  case ended = 3
  case paused = 4
  case prepared = 5
  case stopped = 6
}

/// HealthKit's `HKWorkoutSessionDelegate`: told of each state change and of a failure, on a
/// background queue.
public protocol HKWorkoutSessionDelegate: AnyObject {
  func workoutSession(
    _ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
    from fromState: HKWorkoutSessionState, date: Date)
  func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: Error)
  func workoutSession(_ workoutSession: HKWorkoutSession, didGenerate event: HKWorkoutEvent)
}

extension HKWorkoutSessionDelegate {
  public func workoutSession(
    _ workoutSession: HKWorkoutSession, didGenerate event: HKWorkoutEvent
  ) {}
}

/// HealthKit's `HKWorkoutSession` as iOS 17 brought it to iPhone: a live workout the store
/// knows is running (one at a time), with a live builder that saves the workout.
open class HKWorkoutSession: NSObject, @unchecked Sendable {
  public let workoutConfiguration: HKWorkoutConfiguration
  public weak var delegate: HKWorkoutSessionDelegate?
  public private(set) var state: HKWorkoutSessionState = .notStarted
  public private(set) var startDate: Date?
  public private(set) var endDate: Date?
  let healthStore: HKHealthStore
  /// The store's record of the running session, from `startActivity` to `end`.
  var running: WorkoutSession?
  private var builder: HKLiveWorkoutBuilder?

  /// Fails, as the initializer throws, on a device below iOS 17 (no `HKWorkoutSession` on
  /// iPhone before it) and for an activity that device's iOS does not know.
  public init(
    healthStore: HKHealthStore, configuration workoutConfiguration: HKWorkoutConfiguration
  )
    throws
  {
    let os = HealthKitBinding.withStore { $0.deviceOSVersion }
    guard os >= HealthStore.liveWorkoutMinimumOS else {
      throw HKError(
        .errorInvalidArgument,
        "HKWorkoutSession needs iOS \(HealthStore.liveWorkoutMinimumOS) on iPhone; the device "
          + "runs iOS \(os)"
      ).nsError
    }
    self.healthStore = healthStore
    self.workoutConfiguration = workoutConfiguration
    super.init()
  }

  /// The live builder of this session (the same one each time).
  public func associatedWorkoutBuilder() -> HKLiveWorkoutBuilder {
    if let builder { return builder }
    let made = HKLiveWorkoutBuilder(
      healthStore: healthStore, configuration: workoutConfiguration, device: .local())
    made.workoutSession = self
    builder = made
    return made
  }

  public func prepare() {
    guard state == .notStarted else { return }
    move(to: .prepared, at: Date())
  }

  /// Starts the session: the store refuses it while another live session runs (HealthKit's
  /// code 8) or before the app may share workouts (code 5, or 4 when denied), and the
  /// delegate hears the failure instead of a state change.
  public func startActivity(with date: Date?) {
    guard state == .notStarted || state == .prepared else { return }
    let start = date ?? Date()
    let name =
      WorkoutActivities.activity(rawValue: Int(workoutConfiguration.activityType.rawValue))?.name
      ?? "other"
    let result = HealthKitBinding.withStore { store -> Result<WorkoutSession, HKError> in
      do {
        var session = try store.prepareWorkoutStart(
          activityType: name, location: workoutConfiguration.locationType.storeName,
          start: milliseconds(start), live: true)
        session.id = store.startWorkout(session)
        return .success(session)
      } catch {
        return .failure(HKError(error))
      }
    }
    switch result {
    case .success(let session):
      running = session
      startDate = start
      move(to: .running, at: start)
    case .failure(let error):
      deliver { self.delegate?.workoutSession(self, didFailWithError: error.nsError) }
    }
  }

  public func pause() {
    guard state == .running else { return }
    move(to: .paused, at: Date())
  }

  public func resume() {
    guard state == .paused else { return }
    move(to: .running, at: Date())
  }

  public func stopActivity(with date: Date?) {
    guard state == .running || state == .paused else { return }
    move(to: .stopped, at: date ?? Date())
  }

  /// Ends the session: the store no longer counts it as running (the builder's
  /// `finishWorkout` saves the workout).
  public func end() {
    guard state != .ended, state != .notStarted else { return }
    if let running {
      HealthKitBinding.withStore { $0.discardWorkout(running) }
      self.running = nil
    }
    let now = Date()
    endDate = now
    move(to: .ended, at: now)
  }

  private func move(to next: HKWorkoutSessionState, at date: Date) {
    let previous = state
    state = next
    deliver { self.delegate?.workoutSession(self, didChangeTo: next, from: previous, date: date) }
  }
}

extension HKWorkoutSessionLocationType {
  /// The store's name of the location.
  var storeName: String {
    switch self {
    case .unknown: return "unknown"
    case .indoor: return "indoor"
    case .outdoor: return "outdoor"
    }
  }
}

/// HealthKit's `HKLiveWorkoutDataSource`: which types a live builder collects. The emulator
/// has no sensors: it collects nothing of its own (a test saves the samples it wants seen).
open class HKLiveWorkoutDataSource: NSObject, @unchecked Sendable {
  public private(set) var typesToCollect: Set<HKQuantityType>

  public init(healthStore: HKHealthStore, workoutConfiguration: HKWorkoutConfiguration?) {
    typesToCollect = []
    super.init()
  }

  public func enableCollection(for quantityType: HKQuantityType, predicate: NSPredicate?) {
    typesToCollect.insert(quantityType)
  }

  public func disableCollection(for quantityType: HKQuantityType) {
    typesToCollect.remove(quantityType)
  }
}

/// HealthKit's `HKLiveWorkoutBuilderDelegate`.
public protocol HKLiveWorkoutBuilderDelegate: AnyObject {
  func workoutBuilder(
    _ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>)
  func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder)
}
