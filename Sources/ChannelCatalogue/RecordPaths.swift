import HealthStore

/// Where a record's error points when the record came in a list (`writeRecords`, control
/// `addSamples`): its field named under the record's place in the call.
package enum RecordPaths {
  /// A record's error named under its place in a list (`records[2].unit`), its message
  /// prefixed with that place.
  package static func located(_ error: HealthError, in path: String) -> HealthError {
    var located = error.named(field: fieldPath(error.field, in: path))
    located.summary = "\(path): \(error.summary)"
    return located
  }

  /// `type` for a refusal of the record's type (unknown, unsupported, too new, read-only) that
  /// names no field of its own; nil for the record as a whole.
  package static func typeField(_ error: HealthError) -> String? {
    let refusals: [HealthErrorCode] = [.unsupportedType, .typeUnavailableOnOS, .readOnlyType]
    return refusals.contains(error.code) ? "type" : nil
  }

  /// A record's field named under the record's place in a list: `records[2].unit`, or
  /// `records[2]` for the record as a whole.
  package static func fieldPath(_ field: String?, in path: String) -> String {
    field.map { "\(path).\($0)" } ?? path
  }
}
