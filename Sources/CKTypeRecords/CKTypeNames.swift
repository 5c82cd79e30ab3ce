import HealthKitModel
import HealthStore

/// The CKType a stored sample is listed under (the control `snapshot`, `readRecords` of
/// `sleepSession`, event streams, delete errors), derived from what HealthKit knows of it: the
/// first CKType mapped to a category sample's value (`sleepSession.deep`), else the first CKType
/// mapped to its type (`activeEnergy`, `bloodPressure.systolic`, `nutrition.protein`), else the
/// type's name. The tables are built once; a name costs one lookup per sample.
///
/// One name cannot be derived: a sample written alone as a CKType that is not the first mapped
/// to its type (`workout.energy`, `workout.heartRate`). ``WrittenAsNames`` keeps those, as
/// the store's attachment (``HealthStore/StoreAttachment``).
public enum CKTypeNames {
  /// Raw identifier → the first CKType mapped to the type, in table order.
  static let byIdentifier: [String: String] = {
    var names: [String: String] = [:]
    for row in RecordTypeMapper.rows {
      guard case .type(let name) = row.target, let info = Catalogue.info(named: name) else {
        continue
      }
      if names[info.identifier] == nil { names[info.identifier] = row.ckType }
    }
    return names
  }()

  /// Raw identifier → (category raw value, CKType) of each CKType mapped to one category case,
  /// in table order.
  static let byCategoryValue: [String: [(rawValue: Int, name: String)]] = {
    var names: [String: [(rawValue: Int, name: String)]] = [:]
    for row in RecordTypeMapper.rows {
      guard case .categoryCase(let type, let caseName) = row.target,
        let info = Catalogue.info(named: type), let found = info.categoryCase(named: caseName)
      else { continue }
      names[info.identifier, default: []].append((found.rawValue, row.ckType))
    }
    return names
  }()

  /// The CKTypes a record names a sample by that its HealthKit facts do not give back.
  static let aliases: Set<String> = Set(
    RecordTypeMapper.rows.compactMap { row in
      guard case .type(let name) = row.target, let info = Catalogue.info(named: name),
        byIdentifier[info.identifier] != row.ckType
      else { return nil }
      return row.ckType
    })

  /// The CKType of a sample of `identifier` with `body`.
  public static func name(identifier: String, body: SampleBody) -> String {
    if case .category(let rawValue) = body, let cases = byCategoryValue[identifier],
      let found = cases.first(where: { $0.rawValue == rawValue })
    {
      return found.name
    }
    if let name = byIdentifier[identifier] { return name }
    return Catalogue.info(identifier)?.name ?? identifier
  }

  /// The key a food's nutrient has in a record's `nutrients` map: its `nutrition.*` CKType
  /// without the prefix (`protein`, `carbs`), else the HealthKit type's name.
  public static func nutrientName(_ identifier: String) -> String {
    let name = name(identifier: identifier, body: .empty)
    let prefix = "nutrition."
    return name.hasPrefix(prefix) ? String(name.dropFirst(prefix.count)) : name
  }

  /// The keys of a food's `nutrients` map: as written when they differ from the names their
  /// types give back (``WrittenAsNames``), else ``nutrientName(_:)`` of each.
  public static func nutrientKeys(of sample: StoredSample, in store: HealthStore) -> [String] {
    guard case .food(let nutrients) = sample.body else { return [] }
    if let written = store.existingAttachment(WrittenAsNames.self),
      let keys = WrittenAsNames.entry(of: sample, in: written.entries)?.nutrientKeys,
      keys.count == nutrients.count
    {
      return keys
    }
    return nutrients.map { nutrientName($0.identifier) }
  }

  /// The namer of `store`'s samples: the name a sample was written as when that cannot be
  /// derived, else the derived name.
  public static func namer(for store: HealthStore) -> CKTypeNamer {
    WrittenAsNames.names(in: store)
  }
}

/// The names one store's samples were written as where ``CKTypeNames`` cannot derive them, read
/// at once for many samples (the snapshot).
public struct CKTypeNamer {
  let written: [String: WrittenAsNames.Entry]

  /// The CKType of a stored sample of the store.
  public func name(of sample: StoredSample) -> String {
    WrittenAsNames.entry(of: sample, in: written)?.name
      ?? CKTypeNames.name(identifier: sample.identifier, body: sample.body)
  }
}
