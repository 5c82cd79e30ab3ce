import Harness

/// `--custom-channel NAME` (serve, replay): what makes a name unusable.
enum CustomChannelOption {
  /// The problem with `name`, or `nil`; `served` are the plugin channels `--channel` names.
  static func problem(_ name: String, served: [String]) -> String? {
    if name.isEmpty { return "--custom-channel needs a non-empty channel name" }
    if name.utf8.count > Int(UInt16.max) {
      return "--custom-channel \(name.prefix(20))…: longer than 65535 bytes"
    }
    if name == Emulator.controlChannel {
      return "--custom-channel hkbridge/control: that is the control channel's name"
    }
    if served.contains(name) {
      return "--custom-channel \(name): --channel serves it already (with the default profile's "
        + "methods); name it once"
    }
    return nil
  }
}
