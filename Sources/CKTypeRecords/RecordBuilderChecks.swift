import HealthKitModel
import HealthStore

/// The field checks every kind shares (the order of protocol/errors.md#which-check-fails-first).
extension RecordBuilder {
  /// The numbers and units of every kind (the build below relies on them being checked).
  func checkNumbersAndUnits(_ type: ResolvedType) throws(HealthError) {
    switch input.fields {
    case .quantity(let quantity, _):
      try Self.checkAmount(quantity.value, field: "value", identifier: type.identifier)
      try Self.checkUnit(quantity.unit, field: "unit", identifier: type.identifier)
    case .bloodPressure(let systolic, let diastolic, let unit):
      let ids = memberTypes.map(\.identifier)
      try Self.checkAmount(systolic, field: "systolic", identifier: ids.first ?? "")
      try Self.checkAmount(diastolic, field: "diastolic", identifier: ids.last ?? "")
      try Self.checkUnit(unit, field: "unit", identifier: ids.first ?? "")
    case .nutrition(_, let nutrients):
      for (nutrient, member) in zip(nutrients, memberTypes) {
        let field = "nutrients.\(nutrient.name)"
        try Self.checkAmount(
          nutrient.amount.value, field: field + ".value", identifier: member.identifier)
        try Self.checkUnit(
          nutrient.amount.unit, field: field + ".unit", identifier: member.identifier)
      }
    case .workout(let workout):
      try checkWorkoutNumbers(workout)
    case .audiogram(let points):
      try Self.checkPoints(points)
    default:
      break
    }
  }

  mutating func collectShareIdentifiers(_ type: ResolvedType) {
    var types: [SharedType] = []
    switch input.fields {
    case .bloodPressure, .nutrition:
      types = memberTypes.map { SharedType(name: $0.ckType, identifier: $0.identifier) }
    default:
      types = [SharedType(name: input.type, identifier: type.identifier)]
    }
    for shared in types
    where !shareIdentifiers.contains(where: { $0.identifier == shared.identifier }) {
      shareIdentifiers.append(shared)
    }
  }

  func checkDates(start: Int, end: Int) throws(HealthError) {
    guard HealthStore.clockRange.contains(start) else {
      throw RecordErrors.dateOutOfRange("start", start)
    }
    guard HealthStore.clockRange.contains(end) else {
      throw RecordErrors.dateOutOfRange("end", end)
    }
    guard end >= start else {
      throw RecordErrors.invalid(
        "end", "end \(end) is before start \(start); a sample ends at or after its start")
    }
  }

  func checkStage(_ stage: StageInput, field: String, start: Int, end: Int) throws(HealthError) {
    guard stage.end >= stage.start else {
      throw RecordErrors.invalid(
        field + ".end", "\(field) ends (\(stage.end)) before it starts (\(stage.start))")
    }
    guard stage.start >= start else {
      throw RecordErrors.invalid(
        field + ".start",
        "\(field) starts at \(stage.start), before the session's start \(start); stages lie "
          + "inside the session")
    }
    guard stage.end <= end else {
      throw RecordErrors.invalid(
        field + ".end",
        "\(field) ends at \(stage.end), after the session's end \(end); stages lie inside the "
          + "session")
    }
  }
}
