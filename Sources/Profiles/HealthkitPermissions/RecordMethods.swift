import CKTypeRecords
import FlutterCodec
import HealthStore
import PluginHost

/// The record methods (writeRecord, writeRecords, readRecords, deleteRecords, startWorkout,
/// endWorkout, discardWorkout) and the control channel's addSamples (protocol/channel-api.md, protocol/record-shapes.md and protocol/healthkit-rules.md#workouts).
///
/// Each handler checks its arguments' shapes, lets the store check the rest in the order of protocol/errors.md#which-check-fails-first,
/// and returns an operation that only changes the store once every check (and any injected
/// fault) has passed.
package enum RecordMethods {
  /// Methods of the plugin channel.
  static let pluginTable: MethodTable = [
    "writeRecord": .healthKit(writeRecord),
    "writeRecords": .healthKit(takes: ["records"], writeRecords),
    "readRecords": .healthKit(
      takes: ["type", "start", "end", "limit", "ascending", "unit"], readRecords),
    "deleteRecords": .healthKit(takes: ["uuids"], deleteRecords),
    "startWorkout": .healthKit(
      takes: ["activityType", "locationType", "start", "live"], WorkoutMethods.start),
    "endWorkout": .healthKit(
      takes: ["sessionId", "end", "energy", "distance", "aborted"], WorkoutMethods.end),
    "discardWorkout": .healthKit(takes: ["sessionId"], WorkoutMethods.discard),
  ]

  /// Methods of the control channel.
  package static let controlTable: MethodTable = [
    "addSamples": .control(takes: ["records", "source"], addSamples)
  ]

  /// The snapshot's `samples` value: every stored sample in the order written, in the shape
  /// `readRecords` returns (correlation members and stages as their own entries).
  package static func snapshotSamples(_ store: HealthStore) -> ChannelValue {
    let namer = CKTypeNames.namer(for: store)
    return .list(
      store.samplesInWriteOrder.map {
        RecordEncoding.sample($0, type: namer.name(of: $0), store: store)
      })
  }

  /// The snapshot's `workoutsInProgress` value, in the order the sessions started.
  package static func snapshotWorkoutsInProgress(_ store: HealthStore) -> ChannelValue {
    .list(store.workoutSessionsInProgress.map(RecordEncoding.session))
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
  /// fault fails the whole call (nothing is saved). Every failure names its field by its path
  /// in the call (`records[3].unit`; `records[3]` when the record as a whole failed).
  @Sendable
  static func writeRecords(_ context: MethodContext) throws(HealthError) -> MethodOperation {
    let args = context.arguments
    let store = context.store
    let records = try args.list("records")
    var outcomes: [Result<PreparedRecord, HealthError>] = []
    for (index, value) in records.enumerated() {
      let input: RecordInput
      do {
        input = try RecordParsing.record(args.element(value, of: "records", at: index))
      } catch {
        outcomes.append(.failure(error))  // already named by its path in the call
        continue
      }
      do {
        outcomes.append(.success(try store.prepareRecord(input, mode: .app)))
      } catch {
        var located = error
        located.field = fieldPath(error.field ?? typeField(error), in: "records[\(index)]")
        outcomes.append(.failure(located))
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
              ("index", RecordEncoding.integer(index)), ("code", .string(error.code.wireCode)),
              ("field", .string(error.field ?? "records[\(index)]")),
              ("message", .string(error.text(PermissionsWording.hint))),
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
    return {
      var values: [ChannelValue] = []
      store.read(prepared) {
        values.append(RecordEncoding.sample($0, type: prepared.ckType(of: $0), store: store))
      }
      return .list(values)
    }
  }

  // MARK: deleteRecords

  @Sendable
  static func deleteRecords(_ context: MethodContext) throws(HealthError) -> MethodOperation {
    let uuids = try context.arguments.stringList("uuids")
    let store = context.store
    let checked = try store.prepareRecordDelete(uuids, field: "uuids")
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
    located.field = fieldPath(error.field, in: path)
    located.summary = "\(path): \(error.summary)"
    return located
  }

  /// `type` for a refusal of the record's type (unknown, unsupported, too new, read-only) that
  /// names no field of its own; nil for the record as a whole.
  static func typeField(_ error: HealthError) -> String? {
    let refusals: [HealthErrorCode] = [.unsupportedType, .typeUnavailableOnOS, .readOnlyType]
    return refusals.contains(error.code) ? "type" : nil
  }

  /// A record's field named under the record's place in a list: `records[2].unit`, or
  /// `records[2]` for the record as a whole.
  static func fieldPath(_ field: String?, in path: String) -> String {
    field.map { "\(path).\($0)" } ?? path
  }
}
