import HealthKitModel

/// The emulated device family.
public enum DeviceModel: String, Sendable, CaseIterable, Hashable {
  case iPhone
  case iPad
}

/// Whether HealthKit answers on the configured device (protocol/healthkit-rules.md#devices).
public enum Availability: Sendable, Hashable {
  case available
  /// No HealthKit on this device (iPad before iPadOS 17): `hkErrorCode` 1.
  case unavailable
  /// An MDM profile restricts HealthKit: `hkErrorCode` 2.
  case restricted
}

/// The mock HealthKit store of one emulated iOS host: device, clock, uuids, authorization,
/// characteristics, injected faults and samples. It speaks HealthKit's identifiers only and knows
/// nothing of any wire format; its callers translate their values and errors.
///
/// Every mutating operation either succeeds completely or throws and changes nothing.
public final class HealthStore {
  // MARK: Defaults (protocol/state.md#default-state)

  public static let defaultBundleId = EmulatorConfiguration.standard.bundleId
  /// 2024-01-01T00:00:00Z in milliseconds since the Unix epoch.
  public static let defaultNow = 1_704_067_200_000
  /// The clock's range: 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z.
  public static let clockRange = 0...253_402_300_799_999
  /// The largest uuid counter: 12 hex digits.
  public static let maximumUUIDCounter: UInt64 = 0xFFFF_FFFF_FFFF
  /// The oldest iOS version the emulator models (HealthKit's first).
  public static let oldestOSVersion = OSVersion(8, 0)
  /// The newest major version the emulator accepts.
  public static let newestOSMajor = 99
  /// iOS 17.5 (protocol/state.md#default-state).
  public static let defaultOSVersion = EmulatorConfiguration.standard.osVersion
  /// iPadOS 17.0 brought HealthKit to iPad.
  public static let firstIPadOSWithHealthKit = OSVersion(17, 0)

  /// The device this store was created with; `reset()` returns to it.
  public let startDevice: DeviceModel
  public let startOSVersion: OSVersion
  /// What layers above keep per store about its objects (``StoreAttachment``), by type; a reset
  /// drops them with the objects.
  var attachments: [ObjectIdentifier: AnyObject] = [:]

  // MARK: Device

  // Read by every HealthKit call: no run-time exclusivity checks (the store is used from one
  // thread, and no access to these overlaps another).
  @exclusivity(unchecked) public private(set) var device: DeviceModel
  @exclusivity(unchecked) public private(set) var osVersion: OSVersion
  @exclusivity(unchecked) public private(set) var restricted = false
  public private(set) var bundleId = HealthStore.defaultBundleId
  /// The app's display name (control `configure` `appName`); `nil` until configured. It names
  /// the source of the app's samples; without it, sources show the bundle id alone.
  public private(set) var appName: String?

  // MARK: Clock and uuids

  /// Milliseconds since the Unix epoch; stands still until moved.
  public private(set) var now = HealthStore.defaultNow
  /// The last uuid counter used; the next uuid uses `uuidCounter + 1`.
  public private(set) var uuidCounter: UInt64 = 0
  /// Per other source (bundle id): the last counter of its own uuid stream (protocol/state.md).
  public private(set) var sourceUUIDCounters: [String: UInt64] = [:]

  // MARK: Authorization

  /// How the simulated user answers a permission prompt.
  public var promptPolicy = PromptPolicy()
  /// Per raw identifier: share status and read decision. Absent = both not determined.
  public internal(set) var authorization: [String: TypeAuthorization] = [:]
  /// Requests that showed a prompt.
  public internal(set) var promptsShown = 0
  /// Calls of `openHealthSettings`.
  public private(set) var settingsOpened = 0

  // MARK: Data

  /// Characteristic values by raw identifier. Absent = not set.
  public internal(set) var characteristics: [String: CharacteristicValue] = [:]
  /// Faults waiting for their method, in the order they were injected (looked at by every call:
  /// no run-time exclusivity check).
  @exclusivity(unchecked) public internal(set) var faults: [InjectedFault] = []
  /// Samples and workouts: the store's own storage. Samples enter through `save` and leave
  /// through `delete`, so every change is in the change log; readers ask `read` (StoreReads),
  /// which applies the privacy rule, the order and the limit.
  var samples = SampleStore()
  /// Activity summaries, one per day (ActivitySummaries).
  var summaries = ActivitySummaryStore()
  /// The app's background delivery registrations (protocol/events.md).
  public var backgroundDeliveries = BackgroundDeliveries()

  public init(
    device: DeviceModel = EmulatorConfiguration.standard.device,
    osVersion: OSVersion = HealthStore.defaultOSVersion
  ) {
    self.startDevice = device
    self.startOSVersion = osVersion
    self.device = device
    self.osVersion = osVersion
  }

  /// Back to the state the store was created in.
  public func reset() {
    attachments = [:]
    device = startDevice
    osVersion = startOSVersion
    restricted = false
    bundleId = Self.defaultBundleId
    appName = nil
    now = Self.defaultNow
    uuidCounter = 0
    sourceUUIDCounters = [:]
    promptPolicy = PromptPolicy()
    authorization = [:]
    promptsShown = 0
    settingsOpened = 0
    characteristics = [:]
    faults = []
    samples = SampleStore()
    summaries = ActivitySummaryStore()
    backgroundDeliveries = BackgroundDeliveries()
  }

  // MARK: Availability

  public var availability: Availability {
    if restricted { return .restricted }
    if device == .iPad && osVersion < Self.firstIPadOSWithHealthKit { return .unavailable }
    return .available
  }

  /// The name of the device's system: `iOS` on an iPhone, `iPadOS` on an iPad whatever the
  /// version (protocol/channel-api.md#availability-platform-and-settings: `getPlatformVersion` names the configured device).
  public var systemName: String {
    device == .iPad ? "iPadOS" : "iOS"
  }

  /// The first check of every HealthKit method: `.healthDataUnavailable` when HealthKit does
  /// not answer on this device.
  public func requireAvailable() throws(HealthError) {
    switch availability {
    case .available:
      return
    case .unavailable:
      throw HealthError(
        .healthDataUnavailable,
        "HealthKit is not available on \(device.rawValue) with \(systemName) \(osVersion): "
          + "HealthKit came to iPad with iPadOS 17.0. Check isAvailable before calling HealthKit.",
        hkErrorCode: HKErrorCode.healthDataUnavailable, reason: .unavailableOnDevice(os: osVersion))
    case .restricted:
      throw HealthError(
        .healthDataUnavailable,
        "HealthKit is restricted on this device (a device-management profile disables it). "
          + "Check isAvailable before calling HealthKit.",
        hkErrorCode: HKErrorCode.healthDataRestricted)
    }
  }

  // MARK: Configuration (control channel; values validated by the caller)

  public func configure(
    device: DeviceModel? = nil, osVersion: OSVersion? = nil, restricted: Bool? = nil,
    bundleId: String? = nil, now: Int? = nil, uuidSeed: UInt64? = nil, appName: String? = nil
  ) {
    if let appName { self.appName = appName }
    if let device { self.device = device }
    if let osVersion { self.osVersion = osVersion }
    if let restricted { self.restricted = restricted }
    if let bundleId { self.bundleId = bundleId }
    if let now { self.now = now }
    if let uuidSeed { self.uuidCounter = uuidSeed }
  }

  /// Moves the clock forward by `milliseconds` (not negative, and not past the clock's range;
  /// `field` names the argument in an error).
  public func advanceClock(by milliseconds: Int, field: String) throws(HealthError) {
    let (moved, overflow) = now.addingReportingOverflow(milliseconds)
    guard milliseconds >= 0, !overflow, Self.clockRange.contains(moved) else {
      throw .invalidArgument(
        field: field,
        "cannot advance the clock by \(milliseconds) ms from \(now): the clock only moves forward "
          + "and stays within \(Self.clockRange.lowerBound)...\(Self.clockRange.upperBound)")
    }
    now = moved
  }

  /// Counts a call of `openHealthSettings`.
  public func recordSettingsOpened() {
    settingsOpened += 1
  }

  // MARK: UUIDs

  /// The next deterministic uuid: `00000000-0000-4000-8000-` and the counter, incremented
  /// first, as 12 lowercase hex digits. After the largest counter it wraps to 1.
  public func mintUUID() -> String {
    uuidCounter = uuidCounter >= Self.maximumUUIDCounter ? 1 : uuidCounter + 1
    return Self.uuid(counter: uuidCounter)
  }

  /// The next uuid of a sample from `source`: the app's own stream (``mintUUID()``) when it is
  /// the app, else that source's own stream, so what the app is sent never depends on what other
  /// sources wrote (protocol/records.md, privacy rule).
  public func mintUUID(for source: SampleSource) -> String {
    guard source.bundleId != bundleId else { return mintUUID() }
    let last = sourceUUIDCounters[source.bundleId] ?? 0
    let next = last >= Self.maximumUUIDCounter ? 1 : last + 1
    sourceUUIDCounters[source.bundleId] = next
    return Self.uuid(counter: next, prefix: Self.uuidPrefix(source: source.bundleId))
  }

  /// The uuid for one counter value of the app's stream.
  public static func uuid(counter: UInt64) -> String {
    uuid(counter: counter, prefix: "00000000-0000")
  }

  static func uuid(counter: UInt64, prefix: String) -> String {
    let hex = String(counter, radix: 16, uppercase: false)
    let padding = String(repeating: "0", count: max(0, 12 - hex.count))
    return prefix + "-4000-8000-" + padding + hex
  }

  /// The first 12 hex digits of another source's uuids (`xxxxxxxx-xxxx`): the low 48 bits of
  /// the FNV-1a hash of its bundle id, never all zero (the app's stream).
  static func uuidPrefix(source bundleId: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bundleId.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    var bits = hash & 0xFFFF_FFFF_FFFF
    if bits == 0 { bits = 1 }
    let hex = String(bits, radix: 16, uppercase: false)
    let digits = String(repeating: "0", count: 12 - hex.count) + hex
    return String(digits.prefix(8)) + "-" + String(digits.suffix(4))
  }
}
