import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// The `health` profile's writes of a correlation: blood pressure and a meal.
extension HealthWriteMethods {
  // MARK: writeBloodPressure

  @Sendable
  static func writeBloodPressure(_ call: MethodContext) throws -> ChannelValue {
    let args = CastArguments(call.rawArguments)
    guard let systolic = args.number("systolic"), let diastolic = args.number("diastolic"),
      let startArgument = args.number("startTime"), let endArgument = args.number("endTime"),
      let recording = args.int("recordingMethod")
    else { throw HealthProfileErrors.write("blood pressure") }
    let access = HealthStoreAccess(store: call.store)
    let start = HostDate.milliseconds(startArgument)
    let end = HostDate.milliseconds(endArgument)
    try checkOrder(start, end, "writeBloodPressure")
    let ids = ["bloodPressureSystolic", "bloodPressureDiastolic", "bloodPressure"].map {
      Catalogue.info(named: $0)?.identifier ?? $0
    }
    let metadata = [userEntered(recording)]
    let members = zip(ids.prefix(2), [systolic, diastolic]).map { identifier, value in
      HealthStoreAccess.NewSample(
        identifier: identifier, start: start, end: end,
        body: .quantity(MeasuredQuantity(value: value, unit: "mmHg")), metadata: metadata)
    }
    return save(
      access, members: members,
      container: .init(
        identifier: ids[2], start: start, end: end,
        body: .bloodPressure(systolic: systolic, diastolic: diastolic, unit: "mmHg"),
        metadata: []), sharing: Array(ids.prefix(2)))
  }

  // MARK: writeMeal

  /// The iOS version HKCorrelation food saving needs in the host (older: false).
  static let mealOS = OSVersion(15, 0)

  @Sendable
  static func writeMeal(_ call: MethodContext) throws -> ChannelValue {
    let args = CastArguments(call.rawArguments)
    // `as? String?` accepts a missing key (nil) but not a null value (NSNull).
    let name = args.string("name")
    let mealType = args.string("meal_type")
    guard args.isMap, name != nil || args.value("name") == nil,
      mealType != nil || args.value("meal_type") == nil,
      let startArgument = args.number("start_time"), let endArgument = args.number("end_time"),
      let recording = args.int("recordingMethod")
    else { throw HealthProfileErrors.write("meal") }
    let access = HealthStoreAccess(store: call.store)
    let start = HostDate.milliseconds(startArgument)
    let end = HostDate.milliseconds(endArgument)
    var metadata = [
      MetadataEntry("HKFoodMeal", .string(mealType ?? "UNKNOWN")), userEntered(recording),
    ]
    if let name { metadata.append(MetadataEntry("HKFoodType", .string(name))) }
    var members: [HealthStoreAccess.NewSample] = []
    for row in HealthNutritionTable.rows {
      let identifier = Catalogue.info(named: row.typeName)?.identifier ?? row.typeName
      for key in row.mealKeys {
        guard let amount = args.number(key) else { continue }
        members.append(
          .init(
            identifier: identifier, start: start, end: end,
            body: .quantity(MeasuredQuantity(value: amount, unit: row.mealUnit)),
            metadata: metadata))
      }
    }
    try checkOrder(start, end, "writeMeal")
    guard access.os >= mealOS else { return .bool(false) }
    let food = Catalogue.info(named: "food")?.identifier ?? "food"
    var nutrients: [NutrientAmount] = []
    for member in members {
      if case .quantity(let amount) = member.body {
        nutrients.append(
          NutrientAmount(identifier: member.identifier, amount: amount))
      }
    }
    return save(
      access, members: members,
      container: .init(
        identifier: food, start: start, end: end, body: .food(nutrients), metadata: metadata),
      sharing: members.map(\.identifier))
  }
}
