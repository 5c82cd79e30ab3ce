// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (Apple's names, spelled as on iOS.)
import Foundation
import HealthStore

/// HealthKit's `HKSource`: an app or device that saves samples.
open class HKSource: NSObject, @unchecked Sendable {
  public let name: String
  public let bundleIdentifier: String

  init(name: String, bundleIdentifier: String) {
    self.name = name
    self.bundleIdentifier = bundleIdentifier
    super.init()
  }

  convenience init(_ source: SampleSource) {
    self.init(name: source.name ?? source.bundleId, bundleIdentifier: source.bundleId)
  }

  /// This app's source.
  public class func `default`() -> HKSource {
    HealthKitBinding.withStore { HKSource($0.appSource) }
  }

  open override var hash: Int { bundleIdentifier.hashValue }
  open override func isEqual(_ object: Any?) -> Bool {
    (object as? HKSource)?.bundleIdentifier == bundleIdentifier
  }
}

/// HealthKit's `HKSourceRevision`: a source at one version.
open class HKSourceRevision: NSObject, @unchecked Sendable {
  public let source: HKSource
  public let version: String?
  public let productType: String?
  public let operatingSystemVersion: OperatingSystemVersion

  public init(
    source: HKSource, version: String?, productType: String?,
    operatingSystemVersion: OperatingSystemVersion
  ) {
    self.source = source
    self.version = version
    self.productType = productType
    self.operatingSystemVersion = operatingSystemVersion
    super.init()
  }

  public convenience init(source: HKSource, version: String?) {
    self.init(
      source: source, version: version, productType: nil,
      operatingSystemVersion: OperatingSystemVersion(
        majorVersion: 0, minorVersion: 0, patchVersion: 0))
  }
}

public let HKSourceRevisionAnyVersion = "HKSourceRevisionAnyVersion"
public let HKSourceRevisionAnyProductType = "HKSourceRevisionAnyProductType"

/// HealthKit's `HKDevice`: what recorded a sample. The store keeps it with the sample.
open class HKDevice: NSObject, @unchecked Sendable {
  public let name: String?
  public let manufacturer: String?
  public let model: String?
  public let hardwareVersion: String?
  public let firmwareVersion: String?
  public let softwareVersion: String?
  public let localIdentifier: String?
  public let udiDeviceIdentifier: String?

  public init(
    name: String?, manufacturer: String?, model: String?, hardwareVersion: String?,
    firmwareVersion: String?, softwareVersion: String?, localIdentifier: String?,
    udiDeviceIdentifier: String?
  ) {
    self.name = name
    self.manufacturer = manufacturer
    self.model = model
    self.hardwareVersion = hardwareVersion
    self.firmwareVersion = firmwareVersion
    self.softwareVersion = softwareVersion
    self.localIdentifier = localIdentifier
    self.udiDeviceIdentifier = udiDeviceIdentifier
    super.init()
  }

  convenience init(_ device: SampleDevice) {
    self.init(
      name: device.name, manufacturer: device.manufacturer, model: device.model,
      hardwareVersion: device.hardwareVersion, firmwareVersion: device.firmwareVersion,
      softwareVersion: device.softwareVersion, localIdentifier: device.localIdentifier,
      udiDeviceIdentifier: device.udiDeviceIdentifier)
  }

  var stored: SampleDevice {
    SampleDevice(
      name: name, manufacturer: manufacturer, model: model, hardwareVersion: hardwareVersion,
      firmwareVersion: firmwareVersion, softwareVersion: softwareVersion,
      localIdentifier: localIdentifier, udiDeviceIdentifier: udiDeviceIdentifier)
  }

  /// The device the app runs on.
  public class func local() -> HKDevice {
    HealthKitBinding.withStore { store in
      HKDevice(
        name: store.device.rawValue, manufacturer: "Apple Inc.", model: store.device.rawValue,
        hardwareVersion: nil, firmwareVersion: nil, softwareVersion: store.osVersion.description,
        localIdentifier: nil, udiDeviceIdentifier: nil)
    }
  }

  open override var hash: Int { stored.hashValue }
  open override func isEqual(_ object: Any?) -> Bool { (object as? HKDevice)?.stored == stored }
}

public let HKDevicePropertyKeyName = "name"
public let HKDevicePropertyKeyManufacturer = "manufacturer"
public let HKDevicePropertyKeyModel = "model"
public let HKDevicePropertyKeyHardwareVersion = "hardwareVersion"
public let HKDevicePropertyKeyFirmwareVersion = "firmwareVersion"
public let HKDevicePropertyKeySoftwareVersion = "softwareVersion"
public let HKDevicePropertyKeyLocalIdentifier = "localIdentifier"
public let HKDevicePropertyKeyUDIDeviceIdentifier = "UDIDeviceIdentifier"

/// HealthKit's `HKObject`: a saved (or to be saved) object with a uuid, metadata, a source and
/// perhaps a device. An object made by the app gets its uuid from the store when it is saved.
open class HKObject: NSObject, @unchecked Sendable {
  /// The store's uuid once saved or read; a provisional one before.
  var storeUUID: String?
  private let provisionalUUID = UUID()
  public let metadata: [String: Any]?
  public let device: HKDevice?
  var savedSource: SampleSource?
  /// The order the app made its objects in (iOS gives an object its uuid when it is made, so
  /// the members of a correlation get theirs in that order).
  let creationOrder: Int

  nonisolated(unsafe) private static var madeSoFar = 0
  private static let orderLock = NSLock()

  init(metadata: [String: Any]?, device: HKDevice?) {
    self.metadata = metadata
    self.device = device
    creationOrder = HKObject.orderLock.withLock {
      HKObject.madeSoFar += 1
      return HKObject.madeSoFar
    }
    super.init()
  }

  public var uuid: UUID {
    storeUUID.flatMap { UUID(uuidString: $0) } ?? provisionalUUID
  }

  /// The source, and the operating system the object was saved on: the emulated device's
  /// (the store records no app version or product type).
  public var sourceRevision: HKSourceRevision {
    HealthKitBinding.withStore { store in
      let os = store.deviceOSVersion
      return HKSourceRevision(
        source: HKSource(savedSource ?? store.appSource), version: nil, productType: nil,
        operatingSystemVersion: OperatingSystemVersion(
          majorVersion: os.major, minorVersion: os.minor, patchVersion: os.patch))
    }
  }

  @available(*, deprecated, message: "Use sourceRevision")
  public var source: HKSource { sourceRevision.source }

  open override var hash: Int { uuid.hashValue }
  open override func isEqual(_ object: Any?) -> Bool { (object as? HKObject)?.uuid == uuid }
}

/// HealthKit's `HKSample`: an object over a time interval, of one sample type.
open class HKSample: HKObject, @unchecked Sendable {
  public let sampleType: HKSampleType
  public let startDate: Date
  public let endDate: Date

  init(
    type: HKSampleType, start: Date, end: Date, device: HKDevice?, metadata: [String: Any]?
  ) {
    self.sampleType = type
    self.startDate = start
    self.endDate = end
    super.init(metadata: metadata, device: device)
  }

  public var hasUndeterminedDuration: Bool { false }
}

/// HealthKit's `HKQuantitySample`.
open class HKQuantitySample: HKSample, @unchecked Sendable {
  public let quantity: HKQuantity
  public var quantityType: HKQuantityType { sampleType as! HKQuantityType }
  public var count: Int { 1 }

  public init(
    type quantityType: HKQuantityType, quantity: HKQuantity, start startDate: Date,
    end endDate: Date, device: HKDevice?, metadata: [String: Any]?
  ) {
    // HealthKit raises an Objective-C exception (the app crashes) for a quantity in a unit of
    // another dimension than the type's.
    guard !quantityType.rejects(quantity.unit) else {
      fatalError(
        "NSInvalidArgumentException: HKQuantitySample of \(quantityType.identifier) requires a "
          + "unit compatible with its type. Incompatible unit: \(quantity.unit.unitString)")
    }
    self.quantity = quantity
    super.init(
      type: quantityType, start: startDate, end: endDate, device: device, metadata: metadata)
  }

  public convenience init(
    type quantityType: HKQuantityType, quantity: HKQuantity, start startDate: Date,
    end endDate: Date, metadata: [String: Any]?
  ) {
    self.init(
      type: quantityType, quantity: quantity, start: startDate, end: endDate, device: nil,
      metadata: metadata)
  }

  public convenience init(
    type quantityType: HKQuantityType, quantity: HKQuantity, start startDate: Date,
    end endDate: Date
  ) {
    self.init(
      type: quantityType, quantity: quantity, start: startDate, end: endDate, device: nil,
      metadata: nil)
  }
}

/// HealthKit's `HKCumulativeQuantitySample` and `HKDiscreteQuantitySample` (what a read of a
/// cumulative or a discrete type gives).
open class HKCumulativeQuantitySample: HKQuantitySample, @unchecked Sendable {
  public var sumQuantity: HKQuantity { quantity }
}

open class HKDiscreteQuantitySample: HKQuantitySample, @unchecked Sendable {
  public var minimumQuantity: HKQuantity { quantity }
  public var averageQuantity: HKQuantity { quantity }
  public var maximumQuantity: HKQuantity { quantity }
  public var mostRecentQuantity: HKQuantity { quantity }
  public var mostRecentQuantityDateInterval: DateInterval {
    DateInterval(start: startDate, end: endDate)
  }
}

/// HealthKit's `HKCategorySample`.
open class HKCategorySample: HKSample, @unchecked Sendable {
  public let value: Int
  public var categoryType: HKCategoryType { sampleType as! HKCategoryType }

  public init(
    type: HKCategoryType, value: Int, start startDate: Date, end endDate: Date,
    device: HKDevice?, metadata: [String: Any]?
  ) {
    self.value = value
    super.init(type: type, start: startDate, end: endDate, device: device, metadata: metadata)
  }

  public convenience init(
    type: HKCategoryType, value: Int, start startDate: Date, end endDate: Date,
    metadata: [String: Any]?
  ) {
    self.init(
      type: type, value: value, start: startDate, end: endDate, device: nil, metadata: metadata)
  }

  public convenience init(
    type: HKCategoryType, value: Int, start startDate: Date, end endDate: Date
  ) {
    self.init(
      type: type, value: value, start: startDate, end: endDate, device: nil, metadata: nil)
  }
}

/// HealthKit's `HKCorrelation`: samples saved and deleted as one.
open class HKCorrelation: HKSample, @unchecked Sendable {
  public let objects: Set<HKSample>
  public var correlationType: HKCorrelationType { sampleType as! HKCorrelationType }

  public init(
    type correlationType: HKCorrelationType, start startDate: Date, end endDate: Date,
    objects: Set<HKSample>, device: HKDevice?, metadata: [String: Any]?
  ) {
    self.objects = objects
    super.init(
      type: correlationType, start: startDate, end: endDate, device: device, metadata: metadata)
  }

  public convenience init(
    type correlationType: HKCorrelationType, start startDate: Date, end endDate: Date,
    objects: Set<HKSample>, metadata: [String: Any]?
  ) {
    self.init(
      type: correlationType, start: startDate, end: endDate, objects: objects, device: nil,
      metadata: metadata)
  }

  public convenience init(
    type correlationType: HKCorrelationType, start startDate: Date, end endDate: Date,
    objects: Set<HKSample>
  ) {
    self.init(
      type: correlationType, start: startDate, end: endDate, objects: objects, device: nil,
      metadata: nil)
  }

  public func objects(for objectType: HKObjectType) -> Set<HKSample> {
    objects.filter { $0.sampleType == objectType }
  }
}

/// HealthKit's `HKDeletedObject`: what an anchored query reports of a deleted sample.
open class HKDeletedObject: NSObject, @unchecked Sendable {
  public let uuid: UUID
  public let metadata: [String: Any]?

  init(uuid: UUID, metadata: [String: Any]?) {
    self.uuid = uuid
    self.metadata = metadata
    super.init()
  }
}
