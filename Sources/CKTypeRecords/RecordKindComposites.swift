import HealthKitModel
import HealthStore

/// Records of several samples: the blood-pressure and food correlations (members, then the
/// container) and the sleep session (stages, no container).
extension RecordBuilder {
  func bloodPressureSamples(
    systolic: Double, diastolic: Double, unit: String, type: ResolvedType
  ) -> BuiltSamples {
    // The members' numbers and unit were checked with every kind's (checkNumbersAndUnits).
    var built = BuiltSamples(
      main: plan(type, .bloodPressure(systolic: systolic, diastolic: diastolic, unit: unit)))
    built.composite = true
    built.members = [
      plan(
        type, .quantity(MeasuredQuantity(value: systolic, unit: unit)),
        as: memberTypes.first),
      plan(
        type, .quantity(MeasuredQuantity(value: diastolic, unit: unit)),
        as: memberTypes.last),
    ]
    return built
  }

  func nutritionSamples(name: String?, nutrients: [NutrientInput], type: ResolvedType)
    throws(HealthError) -> BuiltSamples
  {
    guard !nutrients.isEmpty else {
      throw RecordErrors.invalid(
        "nutrients",
        "a nutrition record needs at least one nutrient, e.g. {\"protein\": "
          + "{\"value\": 20, \"unit\": \"g\"}}")
    }
    var built = BuiltSamples(
      main: plan(
        type,
        .food(
          zip(nutrients, memberTypes).map { nutrient, member in
            NutrientAmount(
              identifier: member.identifier,
              amount: MeasuredQuantity(value: nutrient.amount.value, unit: nutrient.amount.unit))
          })))
    built.composite = true
    var seen: Set<String> = []
    for (nutrient, member) in zip(nutrients, memberTypes) {
      guard seen.insert(member.ckType).inserted else {
        throw RecordErrors.invalid(
          "nutrients.\(nutrient.name)", "nutrient '\(nutrient.name)' is given twice")
      }
      built.members.append(
        plan(
          type,
          .quantity(MeasuredQuantity(value: nutrient.amount.value, unit: nutrient.amount.unit)),
          as: member))
    }
    if let name {
      built.derived.append(MetadataEntry(RecordFieldTable.foodTypeKey, .string(name)))
    }
    // `nutrients` reads back with its keys as written (`nutrition.protein` stays so).
    let keys = nutrients.map(\.name)
    if zip(keys, memberTypes).contains(where: { $0 != CKTypeNames.nutrientName($1.identifier) }) {
      built.writtenNutrientKeys = keys
    }
    return built
  }

  func sleepSessionSamples(_ stages: [StageInput]) throws(HealthError) -> BuiltSamples {
    guard !stages.isEmpty else {
      throw RecordErrors.invalid(
        "stages",
        "a sleepSession needs at least one stage, e.g. {\"stage\": \"deep\", "
          + "\"start\": …, \"end\": …}")
    }
    var built = BuiltSamples(composite: true)
    let start = input.start
    let end = input.end ?? input.start
    for (index, (stage, member)) in zip(stages, memberTypes).enumerated() {
      let field = "stages[\(index)]"
      try checkStage(stage, field: field, start: start, end: end)
      var planned = plan(
        member, .category(rawValue: member.categoryCase?.rawValue ?? 0), as: member)
      planned.start = stage.start
      planned.end = stage.end
      built.members.append(planned)
    }
    return built
  }
}
