import Foundation

/// Messages as raw bytes (Dart: `BinaryCodec`): `Data` in, `Data` out.
open class FlutterBinaryCodec: NSObject, FlutterMessageCodec {
  public required override init() {
    super.init()
  }

  open class func sharedInstance() -> Self {
    FlutterSharedCodecs.instance(of: self) { self.init() }
  }

  open func encode(_ message: Any?) -> Data? {
    FlutterValueShapes.unwrap(message) as? Data
  }

  open func decode(_ message: Data?) -> Any? {
    message
  }
}

/// Messages as UTF-8 text (Dart: `StringCodec`): a `String` in, an `NSString` out.
open class FlutterStringCodec: NSObject, FlutterMessageCodec {
  public required override init() {
    super.init()
  }

  open class func sharedInstance() -> Self {
    FlutterSharedCodecs.instance(of: self) { self.init() }
  }

  open func encode(_ message: Any?) -> Data? {
    guard let message = FlutterValueShapes.unwrap(message) else { return nil }
    guard let text = message as? String else {
      FlutterDiagnostics.report("FlutterStringCodec encodes strings only, not \(type(of: message))")
      return nil
    }
    return Data(text.utf8)
  }

  open func decode(_ message: Data?) -> Any? {
    guard let message else { return nil }
    return NSString(string: String(decoding: message, as: UTF8.self))
  }
}
