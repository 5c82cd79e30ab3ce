import CKTypeRecords
import ChannelCatalogue
import FlutterCodec
import HealthStore
import PluginHost

/// The record methods of the plugin channel (writeRecord, writeRecords, readRecords,
/// deleteRecords, startWorkout, endWorkout, discardWorkout; protocol/channel-api.md,
/// protocol/record-shapes.md and protocol/healthkit-rules.md#workouts). The control channel's
/// addSamples reads records with the same parser (`RecordParsing`, module `ChannelCatalogue`).
///
/// Each handler checks its arguments' shapes, lets the store check the rest in the order of protocol/errors.md#which-check-fails-first,
/// and returns an operation that only changes the store once every check (and any injected
/// fault) has passed.
enum PluginRecordMethods {
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

  // MARK: writeRecord

  @Sendable
  static func writeRecord(_ context: MethodContext) throws -> MethodOperation {
    let input = try RecordParsing.record(context.arguments)
    let store = context.store
    let prepared = try RecordStore(store).prepareRecord(input, mode: .app)
    return {
      RecordEncoding.written(RecordStore(store).commitRecord(prepared, source: store.appSource))
    }
  }

  // MARK: writeRecords

  /// Each record is checked on its own; one bad record does not stop the others. An injected
  /// fault fails the whole call (nothing is saved). Every failure names its field by its path
  /// in the call (`records[3].unit`; `records[3]` when the record as a whole failed).
  @Sendable
  static func writeRecords(_ context: MethodContext) throws -> MethodOperation {
    let args = context.arguments
    let store = context.store
    let records = try args.list("records")
    // Each failure as the channel's error mapping words it (its code, field and message).
    var outcomes: [Result<PreparedRecord, FlutterError>] = []
    for (index, value) in records.enumerated() {
      let input: RecordInput
      do {
        input = try RecordParsing.record(args.element(value, of: "records", at: index))
      } catch {
        // Already named by its path in the call.
        outcomes.append(.failure(PermissionsErrorMapping.flutterError(error)))
        continue
      }
      do {
        outcomes.append(.success(try RecordStore(store).prepareRecord(input, mode: .app)))
      } catch {
        let located = error.named(
          field: RecordPaths.fieldPath(
            error.field ?? RecordPaths.typeField(error), in: "records[\(index)]"))
        outcomes.append(.failure(PermissionsErrorMapping.flutterError(located)))
      }
    }
    return {
      var uuids: [ChannelValue] = []
      var failures: [ChannelValue] = []
      for (index, outcome) in outcomes.enumerated() {
        switch outcome {
        case .success(let prepared):
          uuids.append(
            .string(RecordStore(store).commitRecord(prepared, source: store.appSource).uuid))
        case .failure(let error):
          uuids.append(.null)
          failures.append(
            .object([
              ("index", RecordEncoding.integer(index)), ("code", .string(error.code)),
              ("field", error.details["field"] ?? .string("records[\(index)]")),
              ("message", .string(error.message ?? "")),
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
  static func readRecords(_ context: MethodContext) throws -> MethodOperation {
    let args = context.arguments
    let request = ReadRequest(
      type: try args.string("type"), start: try args.optionalInt("start"),
      end: try args.optionalInt("end"), limit: try args.optionalInt("limit"),
      ascending: try args.optionalBool("ascending") ?? false, unit: try args.optionalString("unit"))
    let store = context.store
    let prepared = try RecordStore(store).prepareRead(request)
    return {
      var values: [ChannelValue] = []
      RecordStore(store).read(prepared) {
        values.append(RecordEncoding.sample($0, type: prepared.ckType(of: $0), store: store))
      }
      return .list(values)
    }
  }

  // MARK: deleteRecords

  @Sendable
  static func deleteRecords(_ context: MethodContext) throws -> MethodOperation {
    let uuids = try context.arguments.stringList("uuids")
    let store = context.store
    let checked = try RecordStore(store).prepareRecordDelete(uuids, field: "uuids")
    return { RecordEncoding.integer(store.delete(checked)) }
  }
}
