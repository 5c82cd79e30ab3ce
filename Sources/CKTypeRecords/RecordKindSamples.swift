import HealthKitModel
import HealthStore

/// Records of one sample: quantities and categories.
extension RecordBuilder {
  func quantitySamples(
    _ quantity: QuantityInput, special: [String: SpecialFieldValue], type: ResolvedType
  ) throws(HealthError) -> BuiltSamples {
    try Self.checkAmount(quantity.value, field: "value", identifier: type.identifier)
    try Self.checkUnit(quantity.unit, field: "unit", identifier: type.identifier)
    var built = BuiltSamples(
      main: plan(type, .quantity(MeasuredQuantity(value: quantity.value, unit: quantity.unit))))
    built.derived = try Self.specialMetadata(input.type, special)
    return built
  }

  func categorySamples(
    _ value: CategoryValueInput?, special: [String: SpecialFieldValue], type: ResolvedType
  ) throws(HealthError) -> BuiltSamples {
    let derived = try Self.specialMetadata(input.type, special)
    let raw = try Self.categoryRaw(value, type: type, ckType: input.type, os: os)
    var built = BuiltSamples(main: plan(type, .category(rawValue: raw)))
    built.derived = derived
    return built
  }
}
