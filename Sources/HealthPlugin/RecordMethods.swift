import FlutterCodec
import HealthStore

/// The record methods (writeRecord, writeRecords, readRecords, deleteRecords, startWorkout,
/// endWorkout, discardWorkout) and the control channel's addSamples (protocol/channel-api.md, protocol/record-shapes.md and protocol/healthkit-rules.md#workouts).
///
/// Each handler checks its arguments' shapes, lets the store check the rest in the order of protocol/errors.md#which-check-fails-first,
/// and returns an operation that only changes the store once every check (and any injected
/// fault) has passed.
enum RecordMethods {
  /// Methods of the plugin channel.
  static let pluginTable: MethodTable = [
    "writeRecord": .healthKit(writeRecord),
    "writeRecords": .healthKit(writeRecords),
    "readRecords": .healthKit(readRecords),
    "deleteRecords": .healthKit(deleteRecords),
    "startWorkout": .healthKit(WorkoutMethods.start),
    "endWorkout": .healthKit(WorkoutMethods.end),
    "discardWorkout": .healthKit(WorkoutMethods.discard),
  ]

  /// Methods of the control channel.
  static let controlTable: MethodTable = [
    "addSamples": .control(addSamples)
  ]

  /// The snapshot's `samples` value: every stored sample in the order written, in the shape
  /// `readRecords` returns (correlation members and stages as their own entries).
  static func snapshotSamples(_ store: HealthStore) -> ChannelValue {
    .list(store.samples.allInWriteOrder.map { RecordEncoding.sample($0, store: store) })
  }

  /// The snapshot's `workoutsInProgress` value, in the order the sessions started.
  static func snapshotWorkoutsInProgress(_ store: HealthStore) -> ChannelValue {
    .list(store.samples.sessionsInProgress.map(RecordEncoding.session))
  }

  // MARK: writeRecord

  @Sendable
  static func writeRecord(_ context: MethodContext) throws(HealthError) -> MethodOperation {
    let input = try RecordParsing.record(context.arguments)
    let store = context.store
    let prepared = try store.prepareRecord(input, mode: .app)
    return { RecordEncoding.written(store.commitRecord(prepared, source: store.appSource)) }
  }

  // MARK: writeRecords

  /// Each record is checked on its own; one bad record does not stop the others. An injected
  /// fault fails the whole call (nothing is saved).
  @Sendable
  static func writeRecords(_ context: MethodContext) throws(HealthError) -> MethodOperation {
    let args = context.arguments
    let store = context.store
    let records = try args.list("records")
    var outcomes: [Result<PreparedRecord, HealthError>] = []
    for (index, value) in records.enumerated() {
      do {
        let input = try RecordParsing.record(args.element(value, of: "records", at: index))
        outcomes.append(.success(try store.prepareRecord(input, mode: .app)))
      } catch {
        outcomes.append(.failure(error))
      }
    }
    return {
      var uuids: [ChannelValue] = []
      var failures: [ChannelValue] = []
      for (index, outcome) in outcomes.enumerated() {
        switch outcome {
        case .success(let prepared):
          uuids.append(.string(store.commitRecord(prepared, source: store.appSource).uuid))
        case .failure(let error):
          uuids.append(.null)
          failures.append(
            .object([
              ("index", RecordEncoding.integer(index)), ("code", .string(error.code.rawValue)),
              ("message", .string(error.message)),
            ]))
        }
      }
      let outcome =
        failures.isEmpty
        ? "completeSuccess" : failures.count == outcomes.count ? "failure" : "partialSuccess"
      return .object([
        ("outcome", .string(outcome)), ("uuids", .list(uuids)), ("failures", .list(failures)),
      ])
    }
  }

  // MARK: readRecords

  @Sendable
  static func readRecords(_ context: MethodContext) throws(HealthError) -> MethodOperation {
    let args = context.arguments
    let request = ReadRequest(
      type: try args.string("type"), start: try args.optionalInt("start"),
      end: try args.optionalInt("end"), limit: try args.optionalInt("limit"),
      ascending: try args.optionalBool("ascending") ?? false, unit: try args.optionalString("unit"))
    let store = context.store
    let prepared = try store.prepareRead(request)
    return { .list(store.read(prepared).map { RecordEncoding.sample($0, store: store) }) }
  }

  // MARK: deleteRecords

  @Sendable
  static func deleteRecords(_ context: MethodContext) throws(HealthError) -> MethodOperation {
    let uuids = try context.arguments.stringList("uuids")
    let store = context.store
    let checked = try store.prepareDelete(uuids)
    return { RecordEncoding.integer(store.delete(checked)) }
  }

  // MARK: addSamples (control)

  /// The source of `addSamples` without one: the Health app.
  static let defaultExternalSource = SampleSource(bundleId: "com.apple.Health")

  /// Records from other apps and devices: no authorization needed, device-exclusive types
  /// allowed; all or nothing (a bad record fails the call, naming `records[i]`).
  @Sendable
  static func addSamples(_ context: MethodContext) throws(HealthError) -> MethodOperation {
    let args = context.arguments
    try args.rejectUnknownFields(allowed: ["records", "source"])
    let records = try args.list("records")
    var source = defaultExternalSource
    if let map = try args.optionalMap("source") {
      try map.rejectUnknownFields(allowed: ["bundleId", "name"])
      let bundleId = try map.string("bundleId")
      guard !bundleId.isEmpty else {
        throw HealthError.invalidArgument(
          field: "source.bundleId", "source.bundleId must not be empty, e.g. \"com.apple.health\"")
      }
      source = SampleSource(bundleId: bundleId, name: try map.optionalString("name"))
    }
    let store = context.store
    var prepared: [PreparedRecord] = []
    for (index, value) in records.enumerated() {
      let input = try RecordParsing.record(args.element(value, of: "records", at: index))
      do {
        prepared.append(try store.prepareRecord(input, mode: .external))
      } catch {
        throw located(error, in: "records[\(index)]")
      }
    }
    return {
      let uuids = prepared.map { store.commitRecord($0, source: source).uuid }
      return .object([("uuids", .list(uuids.map { .string($0) }))])
    }
  }

  /// A record's error named under its place in a list (`records[2].unit`).
  static func located(_ error: HealthError, in path: String) -> HealthError {
    var located = error
    located.field = error.field.map { "\(path).\($0)" } ?? path
    located.message = "\(path): \(error.message)"
    return located
  }
}
