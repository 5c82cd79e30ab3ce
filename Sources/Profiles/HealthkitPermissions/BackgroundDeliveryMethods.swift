import CKTypeRecords
import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// `enableBackgroundDelivery`, `disableBackgroundDelivery`, `disableAllBackgroundDelivery` and
/// `getBackgroundDeliveries` (protocol/channel-api.md#background-delivery).
enum BackgroundDeliveryMethods {
  static let table: MethodTable = [
    "enableBackgroundDelivery": .healthKit(takes: ["type", "frequency"]) {
      (context) throws -> MethodOperation in
      let args = context.arguments
      let identifier = try sampleIdentifier(args, store: context.store)
      let frequency = try args.choice(
        "frequency", of: UpdateFrequency.allCases.map(\.rawValue))
      let store = context.store
      let chosen = UpdateFrequency(rawValue: frequency) ?? .immediate
      return {
        store.backgroundDeliveries.enable(identifier, frequency: chosen)
        return .bool(true)
      }
    },
    "disableBackgroundDelivery": .healthKit(takes: ["type"]) {
      (context) throws -> MethodOperation in
      let identifier = try sampleIdentifier(context.arguments, store: context.store)
      let store = context.store
      return {
        store.backgroundDeliveries.disable(identifier)
        return .bool(true)
      }
    },
    "disableAllBackgroundDelivery": .healthKit(takes: []) { context in
      let store = context.store
      return {
        store.backgroundDeliveries.disableAll()
        return .bool(true)
      }
    },
    "getBackgroundDeliveries": .healthKit(takes: []) { context in
      let store = context.store
      return { entries(store) }
    },
  ]

  /// `[{"hkType", "frequency"}]`, in the order first enabled.
  static func entries(_ store: HealthStore) -> ChannelValue {
    .list(
      store.backgroundDeliveries.entries.map {
        .object([("hkType", .string($0.identifier)), ("frequency", .string($0.frequency.rawValue))])
      })
  }

  static func sampleIdentifier(_ args: Arguments, store: HealthStore) throws -> String {
    try RecordStore(store).sampleTypeIdentifier(try args.string("type"))
  }
}
