import HealthKitModel

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
  /// The index to search.
  public var identifier: String
  /// For a sleep stage CKType: the raw value of its case.
  public var categoryValue: Int?
  /// Report samples under the requested CKType (not for `sleepSession`: each stage keeps its
  /// own `sleepSession.<stage>`).
  public var reportsRequestedType: Bool
  /// The read decision was denied for some type: only this app's samples, silently (protocol/healthkit-rules.md#authorization).
  public var ownSamplesOnly: Bool
}

extension HealthStore {
  /// Checks `readRecords` in the order of protocol/errors.md#which-check-fails-first: CKType mapped → iOS version → field values (range,
  /// limit, unit) → read authorization. Changes nothing.
  public func prepareRead(_ request: ReadRequest) throws(HealthError) -> PreparedRead {
    let os = deviceOSVersion
    let mapped = try RecordBuilder.resolve(request.type, os: RecordBuilder.anyOS)
    if mapped.typeClass == .characteristic {
      throw HealthError(
        .unsupportedType,
        "'\(request.type)' is a characteristic, not a sample type: read it with "
          + "readCharacteristic (\(mapped.identifier))",
        type: request.type, reason: RefusalReason.characteristic.rawValue)
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
      switch authorization[identifier]?.read ?? .notDetermined {
      case .notDetermined:
        throw RecordErrors.readNotDetermined(name: request.type, identifier: identifier)
      case .denied:
        ownOnly = true
      case .granted:
        break
      }
    }
    return PreparedRead(
      request: request, identifier: resolved.identifier,
      categoryValue: resolved.categoryCase?.rawValue,
      reportsRequestedType: request.type != "sleepSession", ownSamplesOnly: ownOnly)
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
  /// written, values in the requested unit.
  public func read(_ prepared: PreparedRead) -> [StoredSample] {
    let request = prepared.request
    let ownBundle = bundleId
    let found = samples.query(
      identifier: prepared.identifier, start: request.start, end: request.end,
      ascending: request.ascending, limit: request.limit == 0 ? nil : request.limit
    ) { sample in
      if prepared.ownSamplesOnly && sample.source.bundleId != ownBundle { return false }
      if let value = prepared.categoryValue, sample.body != .category(rawValue: value) {
        return false
      }
      return true
    }
    return found.map { sample in
      var shown = sample
      if prepared.reportsRequestedType { shown.ckType = request.type }
      if let unit = request.unit { shown.body = Self.converted(sample.body, to: unit) }
      return shown
    }
  }

  /// A body with its quantities in `unit` (checked compatible beforehand).
  static func converted(_ body: SampleBody, to unit: String) -> SampleBody {
    func convert(_ value: Double, from: String) -> Double {
      (try? Units.convert(value, from: from, to: unit)) ?? value
    }
    switch body {
    case .quantity(let quantity):
      return .quantity(
        MeasuredQuantity(value: convert(quantity.value, from: quantity.unit), unit: unit))
    case .bloodPressure(let systolic, let diastolic, let from):
      return .bloodPressure(
        systolic: convert(systolic, from: from), diastolic: convert(diastolic, from: from),
        unit: unit)
    default:
      return body
    }
  }

  /// The case name of a category value as HealthKit on this iOS names it: a current name before
  /// a deprecated alias, and only cases the iOS version has (`asleep` before iOS 16,
  /// `asleepUnspecified` from 16); the number itself when no case matches.
  public func categoryCaseName(identifier: String, rawValue: Int) -> String {
    let os = deviceOSVersion
    let cases = (Catalogue.info(identifier)?.categoryCases ?? []).filter {
      $0.rawValue == rawValue && ($0.minimumOS ?? os) <= os
    }
    return (cases.first { $0.deprecatedAliasOf == nil } ?? cases.first)?.name ?? "\(rawValue)"
  }

  // MARK: Deleting

  /// Checks `deleteRecords`, all or nothing: every uuid names a sample the app can see
  /// (`NOT_FOUND`, the same for a sample it may not read as for an absent one: read permission is
  /// never revealed), belongs to this app (`AUTHORIZATION_DENIED`) and its type may be shared.
  /// Returns the distinct uuids.
  public func prepareDelete(_ uuids: [String]) throws(HealthError) -> [String] {
    var distinct: [String] = []
    var seen: Set<String> = []
    var found: [(Int, StoredSample)] = []
    for (index, uuid) in uuids.enumerated() where !seen.contains(uuid) {
      guard let sample = visibleSample(uuid: uuid) else {
        throw HealthError(
          .notFound,
          "No sample has the uuid \(uuid); nothing was deleted (deleteRecords is all or nothing).",
          field: "uuids[\(index)]")
      }
      distinct.append(uuid)
      seen.insert(uuid)
      found.append((index, sample))
    }
    for (index, sample) in found where sample.source.bundleId != bundleId {
      throw HealthError(
        .authorizationDenied,
        "The sample \(sample.uuid) was written by \(sample.source.bundleId); an app may only "
          + "delete its own samples. Nothing was deleted.",
        hkErrorCode: HKErrorCode.authorizationDenied, type: sample.ckType,
        field: "uuids[\(index)]")
    }
    for (_, sample) in found {
      for identifier in deleteIdentifiers(sample) {
        let status = authorization[identifier]?.share ?? .notDetermined
        guard status == .sharingAuthorized else {
          throw RecordErrors.notAuthorized(
            status, name: sample.ckType, identifier: identifier,
            action: "deleting \(sample.uuid)")
        }
      }
    }
    return distinct
  }

  /// The sample with this uuid when the app may see it: its own samples always, another
  /// source's only when read is granted for every type the sample is read as (a correlation: its
  /// members' types), as `readRecords` would return it. `nil` otherwise, exactly as for a uuid
  /// that names no sample, so no answer tells a sample the app may not read from an absent one.
  public func visibleSample(uuid: String) -> StoredSample? {
    guard let sample = samples.sample(uuid: uuid) else { return nil }
    if sample.source.bundleId == bundleId { return sample }
    let identifiers =
      sample.members.isEmpty
      ? [sample.identifier] : sample.members.compactMap { samples.sample(uuid: $0)?.identifier }
    let readable = identifiers.allSatisfy { authorization(for: $0).read == .granted }
    return readable ? sample : nil
  }

  /// The identifiers whose share authorization deleting a sample needs: a correlation's members'
  /// (a member's delete takes the whole correlation).
  public func deleteIdentifiers(_ sample: StoredSample) -> [String] {
    let container = sample.container.flatMap { samples.sample(uuid: $0) } ?? sample
    if container.members.isEmpty { return [container.identifier] }
    var identifiers: [String] = []
    for member in container.members {
      if let identifier = samples.sample(uuid: member)?.identifier,
        !identifiers.contains(identifier)
      {
        identifiers.append(identifier)
      }
    }
    return identifiers
  }

  /// Deletes checked uuids. A correlation goes with its members, and a member takes its
  /// correlation and the other members with it (HealthKit keeps no half correlation). Returns
  /// the number of uuids asked for.
  @discardableResult
  public func delete(_ uuids: [String]) -> Int {
    for uuid in uuids {
      guard let sample = samples.sample(uuid: uuid) else { continue }
      let container = sample.container.flatMap { samples.sample(uuid: $0) } ?? sample
      for member in container.members { samples.remove(uuid: member) }
      samples.remove(uuid: container.uuid)
      samples.remove(uuid: sample.uuid)
    }
    return uuids.count
  }
}
