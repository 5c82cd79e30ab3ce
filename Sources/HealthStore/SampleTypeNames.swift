import HealthKitModel

extension HealthStore {
  /// The CKType a sample is listed under when it was not written by CKType (a workout's
  /// associated sample, a sample of the `health` profile): the first CKType mapped to its
  /// HealthKit type (and, for a category, its value), else the type's name.
  public static func ckType(_ identifier: String, body: SampleBody) -> String {
    guard let info = Catalogue.info(identifier) else { return identifier }
    for row in RecordTypeMapper.rows {
      switch row.target {
      case .type(let name) where name == info.name:
        return row.ckType
      case .categoryCase(let type, let caseName) where type == info.name:
        if case .category(let raw) = body, info.categoryCase(named: caseName)?.rawValue == raw {
          return row.ckType
        }
      default:
        continue
      }
    }
    return info.name
  }
}
