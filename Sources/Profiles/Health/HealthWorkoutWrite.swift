import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// The `health` profile's `writeWorkoutData`.
extension HealthWriteMethods {
  // MARK: writeWorkoutData

  @Sendable
  static func writeWorkoutData(_ call: MethodContext) throws -> ChannelValue {
    let args = CastArguments(call.rawArguments)
    let access = HealthStoreAccess(store: call.store)
    guard let key = args.string("activityType"), let startArgument = args.number("startTime"),
      let endArgument = args.number("endTime"),
      let activity = HealthWorkoutTable.activity(key, os: access.os)
    else { throw HealthProfileErrors.write("workout") }
    let what = "writeWorkoutData"
    func total(_ valueKey: String, _ unitKey: String, _ dimension: String) throws
      -> MeasuredQuantity?
    {
      guard let value = args.number(valueKey) else { return nil }
      guard let unitName = args.string(unitKey),
        let unit = HealthUnitTable.unit(unitName, os: access.os)
      else {
        throw crash(
          what,
          "\(unitKey) \(args.string(unitKey).map { "'\($0)'" } ?? "(missing or not a string)") is not a unit the "
            + "iOS host knows; it force-unwraps the lookup and the app crashes")
      }
      guard (try? Units.convert(1, from: HostUnits.parseable(unit), to: dimension)) != nil else {
        throw exception(
          what,
          "\(unitKey) '\(unitName)' is not a unit of \(valueKey); HealthKit raises an exception")
      }
      return MeasuredQuantity(value: value, unit: HostUnits.parseable(unit))
    }
    let energy = try total("totalEnergyBurned", "totalEnergyBurnedUnit", "kcal")
    let distance = try total("totalDistance", "totalDistanceUnit", "m")
    let start = HostDate.milliseconds(startArgument)
    let end = HostDate.milliseconds(endArgument)
    try checkOrder(start, end, what)
    let identifier = HealthStore.workoutIdentifier
    return save(
      access,
      container: .init(
        identifier: identifier, start: start, end: end,
        body: .workout(WorkoutSummary(activityType: activity, energy: energy, distance: distance)),
        metadata: []), sharing: [identifier])
  }
}
