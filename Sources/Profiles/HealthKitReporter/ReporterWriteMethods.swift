import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// The write and delete methods of `health_kit_reporter_method_channel`.
enum ReporterWriteMethods {
  static let table: MethodTable = [
    "save": .plain(save),
    "delete": .plain(delete),
    "deleteObjects": .plain(deleteObjects),
    "addQuantity": .plain(addQuantity),
    "addCategory": .plain(addCategory),
  ]

  /// The sample of `Sample.parsed()` (`{quantity|category|workout|correlation: map}`), the
  /// first key present in that order; none is the platform error.
  static func parsedSample(_ call: MethodContext) throws -> (
    ReporterSampleInput, ReporterSampleInput.Kind
  ) {
    let args = try ReporterArguments(call.rawArguments)
    for kind in ReporterSampleInput.Kind.allCases {
      if case .map? = args.map.value(kind.rawValue) {
        let map = CastArguments(args.map.value(kind.rawValue) ?? .null)
        return (try ReporterSampleInput.make(map, kind: kind, store: call.store), kind)
      }
    }
    throw ReporterError.platform(
      "invalidValue(\"Invalid arguments: \(ReporterArguments.swiftDescription(args.value))\")")
  }

  @Sendable
  static func save(_ call: MethodContext) throws -> ChannelValue {
    let (sample, _) = try parsedSample(call)
    if let error = ReporterSampleInput.shareError(sample.sharing, store: call.store) {
      throw ReporterError.healthKit(code: "Save", message: "Error in save", error: error)
    }
    sample.save(to: call.store)
    return .bool(true)
  }

  /// `delete(Sample)`: the host rebuilds the sample with a fresh uuid (and, for a sample read
  /// back, its seconds divided by 1000 again), so HealthKit is asked to delete an object it never
  /// stored: nothing is deleted, and the answer is `true` when the app may share the type. A
  /// correlation is never answered by the host.
  @Sendable
  static func delete(_ call: MethodContext) throws -> ChannelValue {
    let (sample, kind) = try parsedSample(call)
    guard kind != .correlation else {
      throw ReporterError.plugin(
        message: "hkbridge: the host never replies to delete of a correlation",
        details: "HealthKitReporter's delete handles quantities, categories and workouts only; "
          + "the Dart future never completes")
    }
    if let error = ReporterSampleInput.shareError(sample.sharing, store: call.store) {
      throw ReporterError.healthKit(code: "Delete", message: "Error in delete", error: error)
    }
    return .bool(true)
  }

  @Sendable
  static func deleteObjects(_ call: MethodContext) throws -> ChannelValue {
    let args = try ReporterArguments(call.rawArguments)
    let identifier = try args.string("identifier")
    let range = try args.range()
    guard let info = ReporterTypes.info(identifier, store: call.store) else {
      throw ReporterError.identifier(identifier)
    }
    let store = call.store
    if let error = ReporterSampleInput.shareError([identifier], store: store) {
      throw ReporterError.healthKit(code: "DeleteObjects", message: "Error in delete", error: error)
    }
    let own = store.read(
      SampleQuery(
        identifier: info.identifier, start: range.lowerBound, end: range.upperBound + 1,
        ascending: true),
      visibility: .ownOnly(bundleId: store.bundleId)
    ) { sample in
      sample.start >= range.lowerBound && sample.end <= range.upperBound
    }
    store.delete(own.map(\.uuid))
    return .object([("status", .bool(true)), ("count", .swiftInt(own.count))])
  }

  /// `addQuantity`/`addCategory`: the host builds the workout from Dart's map without saving
  /// it, and HealthKit does not add samples to a workout it does not hold.
  static func addSamples(
    _ call: MethodContext, listKey: String, kind: ReporterSampleInput.Kind, code: String,
    message: String
  )
    throws -> ChannelValue
  {
    let args = try ReporterArguments(call.rawArguments)
    guard case .list(let items)? = args.map.value(listKey), case .map? = args.map.value("workout")
    else { throw args.parsingError }
    for item in items {
      _ = try ReporterSampleInput.make(
        CastArguments(item), kind: kind, store: call.store, timeScale: 1000)
    }
    _ = try ReporterSampleInput.make(
      CastArguments(args.map.value("workout") ?? .null), kind: .workout, store: call.store,
      timeScale: 1000)
    throw ReporterError.healthKit(code: code, message: message, error: .workoutNotSaved)
  }

  @Sendable
  static func addQuantity(_ call: MethodContext) throws -> ChannelValue {
    try addSamples(
      call, listKey: "quantities", kind: .quantity, code: "AddQuantity",
      message: "Error in addQuantity")
  }

  @Sendable
  static func addCategory(_ call: MethodContext) throws -> ChannelValue {
    try addSamples(
      call, listKey: "categories", kind: .category, code: "AddCategory",
      message: "1314. Error in addCategory")
  }
}
