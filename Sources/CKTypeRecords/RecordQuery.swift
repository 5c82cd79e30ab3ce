import HealthKitModel
import HealthStore

/// The arguments of `readRecords` after their shapes were checked.
public struct ReadRequest: Hashable, Sendable {
  public var type: String
  public var start: Int?
  public var end: Int?
  /// At most this many samples; 0 means no limit (HealthKit's `HKObjectQueryNoLimit`).
  public var limit: Int?
  public var ascending: Bool
  /// Convert quantities to this unit.
  public var unit: String?

  public init(
    type: String, start: Int? = nil, end: Int? = nil, limit: Int? = nil, ascending: Bool = false,
    unit: String? = nil
  ) {
    self.type = type
    self.start = start
    self.end = end
    self.limit = limit
    self.ascending = ascending
    self.unit = unit
  }
}

/// A checked read: what to look up and how to show it.
public struct PreparedRead: Hashable, Sendable {
  public var request: ReadRequest
  /// The store query the read runs: the identifier to search, for a sleep stage CKType the raw
  /// value of its case, and whether only this app's samples are seen (the read decision was
  /// denied for some type: silently, protocol/healthkit-rules.md#authorization).
  public var query: SampleQuery
  /// Report samples under the requested CKType (not for `sleepSession`: each stage keeps its
  /// own `sleepSession.<stage>`).
  public var reportsRequestedType: Bool

  /// The index to search.
  public var identifier: String { query.identifier }

  /// The CKType a sample read is shown under: the type asked for, or for `sleepSession` each
  /// stage's own.
  public func ckType(of sample: StoredSample) -> String {
    reportsRequestedType
      ? request.type : CKTypeNames.name(identifier: sample.identifier, body: sample.body)
  }
}

extension RecordStore {
  /// Checks `readRecords` in the order of protocol/errors.md#which-check-fails-first: CKType mapped → iOS version → field values (range,
  /// limit, unit) → read authorization. Changes nothing.
  public func prepareRead(_ request: ReadRequest) throws(HealthError) -> PreparedRead {
    let os = store.deviceOSVersion
    let mapped = try RecordBuilder.resolve(request.type, os: RecordBuilder.anyOS)
    if mapped.typeClass == .characteristic {
      throw HealthError(
        .unsupportedType,
        "'\(request.type)' is a characteristic, not a sample type: read it with "
          + "readCharacteristic (\(mapped.identifier))",
        type: request.type, reason: .refused(.characteristic))
    }
    let resolved = try RecordBuilder.resolve(request.type, os: os)
    if let start = request.start, let end = request.end, end < start {
      throw RecordErrors.invalid(
        "end", "end \(end) is before start \(start); the range is [start, end)")
    }
    if let limit = request.limit, limit < 0 {
      throw RecordErrors.invalid(
        "limit", "limit \(limit) is negative; give a positive limit, or 0 or none for no limit")
    }
    if let unit = request.unit {
      try checkReadUnit(unit, resolved: resolved, ckType: request.type, os: os)
    }
    var ownOnly = false
    let identifiers: [String]
    do {
      identifiers = try RecordTypeMapper.permissionIdentifiers(for: request.type, os: os)
    } catch {
      throw RecordErrors.refused(error)
    }
    for identifier in identifiers {
      switch store.authorization[identifier]?.read ?? .notDetermined {
      case .notDetermined:
        throw RecordErrors.readNotDetermined(name: request.type, identifier: identifier)
      case .denied:
        ownOnly = true
      case .granted:
        break
      }
    }
    let query = SampleQuery(
      identifier: resolved.identifier, start: request.start, end: request.end,
      limit: request.limit, ascending: request.ascending,
      categoryValue: resolved.categoryCase?.rawValue, ownSamplesOnly: ownOnly, unit: request.unit)
    return PreparedRead(
      request: request, query: query, reportsRequestedType: request.type != "sleepSession")
  }

  /// A unit for reading: only quantities and blood pressure have one, and it must fit.
  func checkReadUnit(_ unit: String, resolved: ResolvedType, ckType: String, os: OSVersion)
    throws(HealthError)
  {
    var identifier = resolved.identifier
    if ckType == "bloodPressure" {
      identifier = RecordTypeMapper.members(of: ckType, os: os).available.first?.identifier ?? ""
    } else if resolved.typeClass != .quantity {
      throw RecordErrors.invalid(
        "unit",
        "'\(ckType)' has no single unit to convert to; unit applies to quantity types and "
          + "bloodPressure")
    }
    _ = try RecordBuilder.checkUnit(unit, field: "unit", identifier: identifier)
  }

  /// Runs a checked read: the samples, newest first unless ascending, ties in the order
  /// written, values in the requested unit (each shown under ``PreparedRead/ckType(of:)``).
  public func read(_ prepared: PreparedRead) -> [StoredSample] {
    store.samples(matching: prepared.query)
  }

  /// ``read(_:)`` handing each sample to `body` in turn.
  public func read(_ prepared: PreparedRead, _ body: (StoredSample) -> Void) {
    store.forEachSample(matching: prepared.query, body)
  }
}
