import CKTypeRecords
import ChannelCatalogue
import FlutterCodec
import HealthStore
import PluginHost

/// The control channel's record method `addSamples` (protocol/records.md): records from other
/// apps and devices, read by the default profile's record parser (`RecordParsing`).
enum RecordMethods {
  static let controlTable: MethodTable = [
    "addSamples": .control(takes: ["records", "source"], addSamples)
  ]

  /// The source of `addSamples` without one: the Health app.
  static let defaultExternalSource = SampleSource(bundleId: "com.apple.Health")

  /// The `source` argument of a method that adds another source's samples (`{bundleId, name?}`),
  /// the Health app when left out.
  static func externalSource(_ args: Arguments) throws(ArgumentError) -> SampleSource {
    guard let map = try args.optionalMap("source") else { return defaultExternalSource }
    try map.rejectUnknownFields(allowed: ["bundleId", "name"])
    let bundleId = try map.string("bundleId")
    guard !bundleId.isEmpty else {
      throw ArgumentError(
        field: "source.bundleId", "source.bundleId must not be empty, e.g. \"com.apple.health\"")
    }
    return SampleSource(bundleId: bundleId, name: try map.optionalString("name"))
  }

  /// Records from other apps and devices: no authorization needed, device-exclusive types
  /// allowed; all or nothing (a bad record fails the call, naming `records[i]`).
  @Sendable
  static func addSamples(_ context: MethodContext) throws -> MethodOperation {
    let args = context.arguments
    let records = try args.list("records")
    let source = try externalSource(args)
    let store = context.store
    var prepared: [PreparedRecord] = []
    for (index, value) in records.enumerated() {
      let input = try RecordParsing.record(args.element(value, of: "records", at: index))
      do {
        prepared.append(try RecordStore(store).prepareRecord(input, mode: .external))
      } catch {
        throw RecordPaths.located(error, in: "records[\(index)]")
      }
    }
    return {
      let uuids = prepared.map { RecordStore(store).commitRecord($0, source: source).uuid }
      return .object([("uuids", .list(uuids.map { .string($0) }))])
    }
  }
}
