import Foundation

/// The standard message codec (Dart: `StandardMessageCodec`), extensible through a
/// `FlutterStandardReaderWriter`.
open class FlutterStandardMessageCodec: NSObject, FlutterMessageCodec {
  let readerWriter: FlutterStandardReaderWriter

  /// A codec with its own readers and writers (`codecWithReaderWriter:`).
  public init(readerWriter: FlutterStandardReaderWriter) {
    self.readerWriter = readerWriter
    super.init()
  }

  /// A codec with the standard readers and writers.
  public required convenience override init() {
    self.init(readerWriter: FlutterStandardReaderWriter())
  }

  open class func sharedInstance() -> Self {
    FlutterSharedCodecs.instance(of: self) { self.init() }
  }

  open func encode(_ message: Any?) -> Data? {
    guard let message = FlutterValueShapes.unwrap(message) else { return nil }
    let data = NSMutableData(capacity: 32) ?? NSMutableData()
    readerWriter.writer(with: data).writeValue(message)
    return data as Data
  }

  open func decode(_ message: Data?) -> Any? {
    guard let message, !message.isEmpty else { return nil }
    let reader = readerWriter.reader(with: message)
    let value = reader.readValue()
    if reader.corrupted || reader.hasMore() {
      FlutterDiagnostics.report("Corrupted standard message (\(message.count) bytes)")
    }
    return value
  }
}
