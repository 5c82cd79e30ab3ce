import FlutterCodec
import HealthStore
import PluginHost

/// Control `deleteSamples` (protocol/channel-api.md#control-channel-hkbridgecontrol): deletes
/// samples of any source, as another app or the Health app would, so that a test can drive
/// deletions an app's queries must see.
enum DeleteSamplesControl {
  static let table: MethodTable = [
    "deleteSamples": .control(takes: ["uuids", "source"], deleteSamples)
  ]

  /// Either `uuids` (any source's samples; each must exist) or `source` (every sample of that
  /// bundle id), not both. Returns `{"deleted": [uuid, …]}`: the uuids removed (a correlation's members with
  /// it), sorted.
  @Sendable
  static func deleteSamples(_ context: MethodContext) throws -> MethodOperation {
    let args = context.arguments
    let store = context.store
    let uuids = try args.optionalValue("uuids") == nil ? nil : try args.stringList("uuids")
    let source = try args.optionalString("source")
    let chosen: [String]
    switch (uuids, source) {
    case (let uuids?, nil):
      for (index, uuid) in uuids.enumerated() where store.storedSample(uuid: uuid) == nil {
        throw HealthError(.notFound, "No sample has the uuid \(uuid); nothing was deleted.")
          .named(field: "uuids[\(index)]")
      }
      chosen = uuids
    case (nil, let source?):
      chosen = store.samplesInWriteOrder.filter {
        $0.source.bundleId == source && $0.container == nil
      }.map(\.uuid)
    default:
      throw ArgumentError(
        field: uuids == nil ? "uuids" : "source",
        "give either uuids (samples of any source) or source (every sample of that bundle id), "
          + "not \(uuids == nil ? "neither" : "both")")
    }
    return {
      let before = Set(store.samplesInWriteOrder.map(\.uuid))
      store.delete(chosen)
      let after = Set(store.samplesInWriteOrder.map(\.uuid))
      let deleted = before.subtracting(after)
      return .object([("deleted", .list(deleted.sorted().map { .string($0) }))])
    }
  }
}
