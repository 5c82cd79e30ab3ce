import CKTypeRecords
import ChannelCatalogue
import FlutterCodec
import HealthStore
import PluginHost

/// startWorkout, endWorkout and discardWorkout (protocol/channel-api.md#plugin-channel and protocol/healthkit-rules.md#workouts; seed `003_…`, GymTrack).
enum WorkoutMethods {
  @Sendable
  static func start(_ context: MethodContext) throws -> MethodOperation {
    let args = context.arguments
    let activity = try args.string("activityType")
    let location = try args.optionalString("locationType")
    let start = try args.optionalInt("start")
    let live = try args.optionalBool("live") ?? false
    let store = context.store
    let session = try store.prepareWorkoutStart(
      activityType: activity, location: location, start: start, live: live)
    return { .object([("sessionId", .string(store.startWorkout(session)))]) }
  }

  @Sendable
  static func end(_ context: MethodContext) throws -> MethodOperation {
    let args = context.arguments
    let request = WorkoutEnd(
      sessionId: try args.string("sessionId"), end: try args.optionalInt("end"),
      energy: try RecordParsing.workoutAmount(args, "energy", totalAllowed: true),
      distance: try RecordParsing.workoutAmount(args, "distance", totalAllowed: true),
      aborted: try args.optionalBool("aborted") ?? false)
    let store = context.store
    let prepared = try RecordStore(store).prepareWorkoutEnd(request)
    return {
      let written = RecordStore(store).endWorkout(prepared)
      let start = prepared.record.main?.start ?? 0
      let end = prepared.record.main?.end ?? 0
      return .object([
        ("uuid", .string(written.uuid)), ("hkType", .string(written.identifier)),
        ("activityType", .string(prepared.session.activityType)),
        ("duration", .float64((Double(end) - Double(start)) / 1000)),
      ])
    }
  }

  @Sendable
  static func discard(_ context: MethodContext) throws -> MethodOperation {
    let sessionId = try context.arguments.string("sessionId")
    let store = context.store
    let session = try store.prepareWorkoutDiscard(sessionId, field: "sessionId")
    return {
      store.discardWorkout(session)
      return .null
    }
  }
}
