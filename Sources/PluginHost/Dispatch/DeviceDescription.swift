import FlutterCodec
import HealthStore

/// The store's device as HELLO and the control channel's snapshot show it.
package enum DeviceDescription {
  /// `{"model", "osVersion", "restricted", "bundleId"}`, and `"appName"` when one is set.
  package static func of(_ store: HealthStore) -> ChannelValue {
    var pairs: [(String, ChannelValue)] = [
      ("model", .string(store.device.rawValue)),
      ("osVersion", .string(store.osVersion.description)),
      ("restricted", .bool(store.restricted)),
      ("bundleId", .string(store.bundleId)),
    ]
    if let name = store.appName { pairs.append(("appName", .string(name))) }
    return .object(pairs)
  }
}
