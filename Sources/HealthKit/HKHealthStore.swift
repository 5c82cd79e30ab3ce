import Foundation
import HealthKitModel
import HealthStore

/// HealthKit's `HKHealthStore`, over the process's one store (``HealthKitBinding``): every
/// instance reads and writes the same data. Completion handlers run on a background queue.
open class HKHealthStore: NSObject, @unchecked Sendable {
  public override init() { super.init() }

  /// Whether HealthKit answers on the emulated device (not on iPad before iPadOS 17, not when
  /// restricted).
  public class func isHealthDataAvailable() -> Bool {
    HealthKitBinding.withStore { $0.availability == .available }
  }

  public func supportsHealthRecords() -> Bool { false }

  public func earliestPermittedSampleDate() -> Date { Date(timeIntervalSince1970: 0) }

  // MARK: Authorization

  /// HealthKit's share status of a type; read permission is never revealed (a type only read
  /// answers `sharingDenied` once asked for, protocol/healthkit-rules.md#authorization).
  public func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus {
    HealthKitBinding.withStore { store in
      switch store.shareStatus(for: type.identifier) {
      case .notDetermined: return .notDetermined
      case .sharingDenied: return .sharingDenied
      case .sharingAuthorized: return .sharingAuthorized
      }
    }
  }

  public func requestAuthorization(
    toShare typesToShare: Set<HKSampleType>?, read typesToRead: Set<HKObjectType>?,
    completion: @escaping (Bool, Error?) -> Void
  ) {
    let error = HealthKitBinding.withStore { store in
      Self.authorize(
        share: (typesToShare ?? []).map(\.identifier), read: (typesToRead ?? []).map(\.identifier),
        in: store)
    }
    deliver { completion(error == nil, error?.nsError) }
  }

  public func requestAuthorization(
    toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>
  )
    async throws
  {
    let error = HealthKitBinding.withStore { store in
      Self.authorize(
        share: typesToShare.map(\.identifier), read: typesToRead.map(\.identifier), in: store)
    }
    if let error { throw error.nsError }
  }

  /// A request: a type HealthKit never lets an app share fails the request (on iOS an
  /// exception; protocol/native-healthkit.md#authorization).
  static func authorize(share: [String], read: [String], in store: HealthStore) -> HKError? {
    do {
      try store.requireAvailable()
      for identifier in share.sorted() {
        if let info = Catalogue.info(identifier), let refusal = store.shareRefusal(info) {
          return HKError(
            .errorInvalidArgument,
            "Authorization to share the following types is disallowed: \(identifier) ("
              + refusal.summary + ")")
        }
      }
      try store.requestAuthorization(toShare: share.sorted(), read: read.sorted())
      return nil
    } catch {
      return HKError(error)
    }
  }

  public func getRequestStatusForAuthorization(
    toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>,
    completion: @escaping (HKAuthorizationRequestStatus, Error?) -> Void
  ) {
    let answer = HealthKitBinding.withStore { Self.requestStatus(typesToShare, typesToRead, $0) }
    deliver {
      switch answer {
      case .success(let status): completion(status, nil)
      case .failure(let error): completion(.unknown, error.nsError)
      }
    }
  }

  public func statusForAuthorizationRequest(
    toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>
  ) async throws -> HKAuthorizationRequestStatus {
    let answer = HealthKitBinding.withStore { Self.requestStatus(typesToShare, typesToRead, $0) }
    switch answer {
    case .success(let status): return status
    case .failure(let error): throw error.nsError
    }
  }

  static func requestStatus(
    _ share: Set<HKSampleType>, _ read: Set<HKObjectType>, _ store: HealthStore
  ) -> Result<HKAuthorizationRequestStatus, HKError> {
    do {
      try store.requireAvailable()
      let status = try store.requestStatus(
        toShare: share.map(\.identifier).sorted(), read: read.map(\.identifier).sorted())
      return .success(status == .shouldRequest ? .shouldRequest : .unnecessary)
    } catch {
      return .failure(HKError(error))
    }
  }

  // MARK: Saving and deleting

  public func save(_ object: HKObject, withCompletion completion: @escaping (Bool, Error?) -> Void)
  {
    save([object], withCompletion: completion)
  }

  public func save(
    _ objects: [HKObject], withCompletion completion: @escaping (Bool, Error?) -> Void
  ) {
    let error = HealthKitBinding.withStore { Self.save(objects, in: $0) }
    HealthKitBinding.storeDidChange()
    deliver { completion(error == nil, error?.nsError) }
  }

  public func save(_ object: HKObject) async throws {
    try await save([object])
  }

  public func save(_ objects: [HKObject]) async throws {
    let error = HealthKitBinding.withStore { Self.save(objects, in: $0) }
    HealthKitBinding.storeDidChange()
    if let error { throw error.nsError }
  }

  /// Saves objects all or nothing: every type must be shared (a correlation's member types).
  static func save(_ objects: [HKObject], in store: HealthStore) -> HKError? {
    do {
      try store.requireAvailable()
      let planned = objects.map { StoreObjects.planned($0) }
      var types: [SharedType] = []
      for plan in planned.compactMap({ $0 }) {
        for sample in plan.members + [plan.main].compactMap({ $0 }) + plan.associated
        where !types.contains(where: { $0.identifier == sample.identifier }) {
          types.append(
            SharedType(
              name: Catalogue.shortName(of: sample.identifier), identifier: sample.identifier))
        }
      }
      let shared = types.filter { Catalogue.info($0.identifier)?.typeClass != .correlation }
      do {
        try store.checkSharing(shared, action: "saving")
      } catch {
        // Never asked: code 5, "Authorization not determined" (HealthKit's answer to a call
        // made before authorization was requested); denied: code 4, "Not authorized".
        return error.hkErrorCode == HKError.Code.errorAuthorizationNotDetermined.rawValue
          ? .notDetermined : .notAuthorized
      }
      let details = store.attachment(HealthKitDetails.self)
      for (object, plan) in zip(objects, planned) {
        guard let plan else { continue }
        let saved = store.save(plan, source: store.appSource)
        object.storeUUID = saved.main ?? saved.members.first
        object.savedSource = store.appSource
        if let correlation = object as? HKCorrelation {
          let members = correlation.objects.sorted {
            $0.sampleType.identifier < $1.sampleType.identifier
          }
          for (member, uuid) in zip(members, saved.members) {
            member.storeUUID = uuid
            member.savedSource = store.appSource
          }
        }
        if let uuid = object.storeUUID {
          if let metadata = object.metadata { details.metadata[uuid] = metadata }
          if let workout = object as? HKWorkout, let events = workout.workoutEvents {
            details.events[uuid] = events
          }
        }
      }
      return nil
    } catch {
      return HKError(error)
    }
  }

  public func delete(
    _ object: HKObject, withCompletion completion: @escaping (Bool, Error?) -> Void
  ) {
    delete([object], withCompletion: completion)
  }

  public func delete(
    _ objects: [HKObject], withCompletion completion: @escaping (Bool, Error?) -> Void
  ) {
    let error = HealthKitBinding.withStore { store -> HKError? in
      do {
        try store.requireAvailable()
        let uuids = try store.prepareDelete(
          objects.compactMap(\.storeUUID), field: "objects",
          naming: { Catalogue.shortName(of: $0.identifier) })
        store.delete(uuids)
        return nil
      } catch {
        return (error as? HealthError)?.hkErrorCode == nil ? nil : HKError(error)
      }
    }
    HealthKitBinding.storeDidChange()
    deliver { completion(error == nil, error?.nsError) }
  }

  public func delete(_ objects: [HKObject]) async throws {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
      delete(objects) { _, error in
        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
      }
    }
  }

  public func delete(_ object: HKObject) async throws {
    try await delete([object])
  }

  /// Deletes the app's own samples of `objectType` that pass `predicate`; the handler gets how
  /// many were deleted.
  public func deleteObjects(
    of objectType: HKObjectType, predicate: NSPredicate,
    withCompletion completion: @escaping (Bool, Int, Error?) -> Void
  ) {
    let result = HealthKitBinding.withStore { store -> Result<Int, HKError> in
      HKQuery.samples(
        of: objectType, predicate: predicate, sortDescriptors: nil, limit: 0, in: store
      )
      .flatMap { samples in
        let own = samples.filter { $0.savedSource?.bundleId == store.bundleId }
        do {
          let uuids = try store.prepareDelete(
            own.compactMap(\.storeUUID), field: "objects",
            naming: { Catalogue.shortName(of: $0.identifier) })
          store.delete(uuids)
          return .success(uuids.count)
        } catch {
          return .failure(HKError(error))
        }
      }
    }
    HealthKitBinding.storeDidChange()
    deliver {
      switch result {
      case .success(let count): completion(true, count, nil)
      case .failure(let error): completion(false, 0, error.nsError)
      }
    }
  }

  // MARK: Queries

  public func execute(_ query: HKQuery) {
    HealthKitBinding.withStore { store in
      query.stopped = false
      query.run(in: store)
    }
  }

  public func stop(_ query: HKQuery) {
    query.stop()
  }

  /// The units the user prefers: each type's canonical unit.
  public func preferredUnits(
    for quantityTypes: Set<HKQuantityType>,
    completion: @escaping ([HKQuantityType: HKUnit], Error?) -> Void
  ) {
    var units: [HKQuantityType: HKUnit] = [:]
    for type in quantityTypes {
      if let unit = Catalogue.info(type.identifier)?.quantity?.canonicalUnit {
        units[type] = HKUnit(checked: unit)
      }
    }
    let answer = units
    deliver { completion(answer, nil) }
  }

  // MARK: Background delivery

  public func enableBackgroundDelivery(
    for type: HKObjectType, frequency: HKUpdateFrequency,
    withCompletion completion: @escaping (Bool, Error?) -> Void
  ) {
    let names: [HKUpdateFrequency: UpdateFrequency] = [
      .immediate: .immediate, .hourly: .hourly, .daily: .daily, .weekly: .weekly,
    ]
    HealthKitBinding.withStore {
      $0.backgroundDeliveries.enable(type.identifier, frequency: names[frequency] ?? .immediate)
    }
    deliver { completion(true, nil) }
  }

  public func disableBackgroundDelivery(
    for type: HKObjectType, withCompletion completion: @escaping (Bool, Error?) -> Void
  ) {
    HealthKitBinding.withStore { $0.backgroundDeliveries.disable(type.identifier) }
    deliver { completion(true, nil) }
  }

  public func disableAllBackgroundDelivery(completion: @escaping (Bool, Error?) -> Void) {
    HealthKitBinding.withStore { $0.backgroundDeliveries.disableAll() }
    deliver { completion(true, nil) }
  }

  // MARK: Characteristics

  /// A characteristic's raw value: the store's answer (not set when denied or never entered),
  /// or HealthKit's error while reading it was never asked for.
  func characteristic(_ identifier: HKCharacteristicTypeIdentifier) throws -> CharacteristicValue {
    try HealthKitBinding.withStore { store in
      do {
        try store.requireAvailable()
        try store.requireReadDetermined(identifier.rawValue)
        return store.characteristicAnswer(identifier.rawValue)
      } catch {
        throw HKError(error).nsError
      }
    }
  }

  func rawCharacteristic(_ identifier: HKCharacteristicTypeIdentifier) throws -> Int {
    if case .raw(let value) = try characteristic(identifier) { return value }
    return 0
  }

  public func dateOfBirthComponents() throws -> DateComponents {
    guard case .date(let year, let month, let day) = try characteristic(.dateOfBirth) else {
      return DateComponents()
    }
    return DateComponents(
      calendar: Calendar(identifier: .gregorian), year: year, month: month, day: day)
  }

  @available(*, deprecated, message: "Use dateOfBirthComponents()")
  public func dateOfBirth() throws -> Date {
    let components = try dateOfBirthComponents()
    guard let date = components.date else { throw HKError.noData.nsError }
    return date
  }

  public func biologicalSex() throws -> HKBiologicalSexObject {
    HKBiologicalSexObject(
      HKBiologicalSex(rawValue: try rawCharacteristic(.biologicalSex)) ?? .notSet)
  }

  public func bloodType() throws -> HKBloodTypeObject {
    HKBloodTypeObject(HKBloodType(rawValue: try rawCharacteristic(.bloodType)) ?? .notSet)
  }

  public func fitzpatrickSkinType() throws -> HKFitzpatrickSkinTypeObject {
    HKFitzpatrickSkinTypeObject(
      HKFitzpatrickSkinType(rawValue: try rawCharacteristic(.fitzpatrickSkinType)) ?? .notSet)
  }

  public func wheelchairUse() throws -> HKWheelchairUseObject {
    HKWheelchairUseObject(
      HKWheelchairUse(rawValue: try rawCharacteristic(.wheelchairUse)) ?? .notSet)
  }

  public func activityMoveMode() throws -> HKActivityMoveModeObject {
    HKActivityMoveModeObject(
      HKActivityMoveMode(rawValue: try rawCharacteristic(.activityMoveMode)) ?? .activeEnergy)
  }
}

extension HKHealthStore {
  /// Associates samples with a workout saved before: samples not saved yet are saved first
  /// (as HealthKit does), then every sample is linked to the workout, which
  /// `predicateForObjects(from:)` then finds. A workout that was never saved fails with
  /// `errorInvalidArgument` and saves nothing.
  public func add(
    _ samples: [HKSample], to workout: HKWorkout, completion: @escaping (Bool, Error?) -> Void
  ) {
    let error = HealthKitBinding.withStore { store -> HKError? in
      guard let workoutUUID = workout.storeUUID, store.storedSample(uuid: workoutUUID) != nil
      else {
        return HKError(
          .errorInvalidArgument, "The workout must be saved before samples are added to it")
      }
      if let error = Self.save(samples.filter { $0.storeUUID == nil }, in: store) {
        return error
      }
      do {
        try store.associate(samples.compactMap(\.storeUUID), withWorkout: workoutUUID)
      } catch {
        return HKError(error)
      }
      return nil
    }
    HealthKitBinding.storeDidChange()
    deliver { completion(error == nil, error?.nsError) }
  }

  /// Starts the paired watch's app for a workout: no watch is paired, so it fails as iOS
  /// does without one.
  public func startWatchApp(
    with workoutConfiguration: HKWorkoutConfiguration,
    completion: @escaping (Bool, Error?) -> Void
  ) {
    deliver {
      completion(false, HKError(.errorHealthDataUnavailable, "No paired Apple Watch").nsError)
    }
  }
}
