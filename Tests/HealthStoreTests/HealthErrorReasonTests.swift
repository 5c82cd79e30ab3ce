import HealthKitModel
import Testing

@testable import HealthStore

/// The store's failure carries its reason as one value with its facts, and no caller's naming
/// of its own: a model refusal's spelling hint becomes the naming of the caller that looked
/// the name up.
@Suite struct HealthErrorReasonTests {
  @Test func aRefusalBecomesAReasonWithItsFacts() {
    let tooNew = Refusal.requiresNewerOS(
      "'x'", type: "x", minimumOS: OSVersion(17, 0), deviceOS: OSVersion(16, 4))
    let error = HealthError(tooNew)
    #expect(error.code == .typeUnavailableOnOS)
    #expect(error.reason == .requiresNewerOS(minimum: OSVersion(17, 0), device: OSVersion(16, 4)))
    #expect(error.reason?.name == "requiresNewerOS")
    #expect(error.naming == nil && !error.raisesException)

    let activity = Refusal(
      .activityNotSupported, type: "workout.speed", message: "no speed",
      allowedActivities: ["cycling"])
    #expect(
      HealthError(activity).reason
        == .workoutComponent(.activityNotSupported, allowedActivities: ["cycling"]))
    #expect(HealthError(activity).reason?.name == "activityNotSupported")

    let readOnly = HealthError(Refusal(.clinical, type: "c", message: "clinical"))
    #expect(readOnly.code == .readOnlyType && readOnly.raisesException)
    #expect(readOnly.reason == .refused(.clinical))

    let unknown = Refusal(
      .unknownType, type: "stepz", message: "unknown", suggestion: "steps", expected: .ckType)
    #expect(
      HealthError(unknown).naming == CallerNaming(didYouMean: "steps", expected: "ckType"))
    #expect(TypeProblem(unknown).naming == HealthError(unknown).naming)
    #expect(TypeProblem(unknown).reason == .refused(.unknownType))
  }

  @Test func namingAFieldKeepsTheSpellingHints() {
    let error = HealthError(
      .invalidArguments, "bad", naming: CallerNaming(field: "unit", didYouMean: "count/min"))
    let moved = error.named(field: "records[0].unit")
    #expect(moved.field == "records[0].unit")
    #expect(moved.naming?.didYouMean == "count/min")
    #expect(HealthError.invalidArgument(field: "ms", "x").naming == CallerNaming(field: "ms"))
  }
}
