import HealthKitModel

/// The warning for a message that gets the not-implemented reply (a null reply, what Flutter
/// sends for a channel without a handler or a method the handler does not know, which Dart
/// raises as `MissingPluginException`): one stderr line, once per channel and method, naming
/// the nearest served name (protocol/errors.md#not-implemented). The reply itself is unchanged.
extension Dispatcher {
  /// Names listed when no served name is near the unknown one.
  static let listedNames = 6

  /// A message on `channel`, which no handler serves.
  func warnUnknownChannel(_ channel: String) {
    guard warnedNotImplemented.insert("\u{0}" + channel).inserted else { return }
    warningHandler(
      "no handler for channel \"\(channel)\": replied not implemented (a null reply, as Flutter "
        + "does)" + Self.hint(channel, among: channels, what: "channels served"))
  }

  /// A call of `method` on `route`, which has no such method.
  func warnUnknownMethod(_ method: String, on route: ChannelRoute) {
    guard warnedNotImplemented.insert(route.name + "\u{0}" + method).inserted else { return }
    let names = route.methods.map { Array($0.names) } ?? []
    if names.isEmpty {
      warningHandler(
        "nothing answers \"\(method)\" on the custom channel \"\(route.name)\": replied not "
          + "implemented (a null reply, as Flutter does); stub it on hkbridge/control, or serve "
          + "a recording with --playback")
      return
    }
    warningHandler(
      "channel \"\(route.name)\" has no method \"\(method)\": replied not implemented (a null "
        + "reply, as Flutter does)" + Self.hint(method, among: names, what: "its methods"))
  }

  /// `; did you mean "x"?` for a near name, else the served names (a few, sorted).
  static func hint(_ name: String, among names: [String], what: String) -> String {
    if let near = NearestName.find(name, among: names) { return "; did you mean \"\(near)\"?" }
    let sorted = names.sorted()
    guard !sorted.isEmpty else { return "" }
    let shown = sorted.prefix(listedNames).joined(separator: ", ")
    return "; \(what): \(shown)" + (sorted.count > listedNames ? ", …" : "")
  }
}
