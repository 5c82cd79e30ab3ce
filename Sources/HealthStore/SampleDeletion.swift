extension HealthStore {
  /// Checks a delete by uuid, all or nothing: every uuid names a sample the app can see
  /// (`.notFound`, the same for a sample it may not read as for an absent one: read permission is
  /// never revealed), belongs to this app (`.authorizationDenied`) and its type may be shared.
  /// `field` is the caller's name of the uuid list (an error's `field` is `field[i]`), `name`
  /// gives the name the caller knows a sample's type by (shown in errors). Returns the distinct
  /// uuids.
  public func prepareDelete(
    _ uuids: [String], field: String, naming name: (StoredSample) -> String
  ) throws(HealthError) -> [String] {
    var distinct: [String] = []
    var seen: Set<String> = []
    var found: [(Int, StoredSample)] = []
    for (index, uuid) in uuids.enumerated() where !seen.contains(uuid) {
      guard let sample = visibleSample(uuid: uuid) else {
        throw HealthError(
          .notFound,
          "No sample has the uuid \(uuid); nothing was deleted", hint: .deleteIsAllOrNothing
        ).named(field: "\(field)[\(index)]")
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
        hkErrorCode: HKErrorCode.authorizationDenied, type: name(sample)
      ).named(field: "\(field)[\(index)]")
    }
    for (_, sample) in found {
      for identifier in deleteIdentifiers(sample) {
        let status = authorization[identifier]?.share ?? .notDetermined
        guard status == .sharingAuthorized else {
          throw RecordErrors.notAuthorized(
            status, name: name(sample), identifier: identifier,
            action: "deleting \(sample.uuid)")
        }
      }
    }
    return distinct
  }

  /// The sample with this uuid when the app may see it: its own samples always, another
  /// source's only when read is granted for every type the sample is read as (a correlation: its
  /// members' types), as a query would return it. `nil` otherwise, exactly as for a uuid that
  /// names no sample, so no answer tells a sample the app may not read from an absent one.
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
