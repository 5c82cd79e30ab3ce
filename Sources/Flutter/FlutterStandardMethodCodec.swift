import Foundation

/// The standard method codec (Dart: `StandardMethodCodec`): a call is the method name then the
/// arguments; a success envelope is 0 then the result; an error envelope is 1 then code, message,
/// details.
open class FlutterStandardMethodCodec: NSObject, FlutterMethodCodec {
  let readerWriter: FlutterStandardReaderWriter

  public init(readerWriter: FlutterStandardReaderWriter) {
    self.readerWriter = readerWriter
    super.init()
  }

  public required convenience override init() {
    self.init(readerWriter: FlutterStandardReaderWriter())
  }

  open class func sharedInstance() -> Self {
    FlutterSharedCodecs.instance(of: self) { self.init() }
  }

  open func encode(_ methodCall: FlutterMethodCall) -> Data {
    write { writer in
      writer.writeValue(methodCall.method)
      writer.writeValue(methodCall.arguments ?? NSNull())
    }
  }

  open func encodeSuccessEnvelope(_ result: Any?) -> Data {
    write { writer in
      writer.writeByte(0)
      writer.writeValue(result ?? NSNull())
    }
  }

  open func encodeErrorEnvelope(_ error: FlutterError) -> Data {
    write { writer in
      writer.writeByte(1)
      writer.writeValue(error.code)
      writer.writeValue(error.message ?? NSNull())
      writer.writeValue(error.details ?? NSNull())
    }
  }

  /// The call in `methodCall`. iOS asserts when the name is not a string; here the call is named
  /// `""` and the message reported as corrupted.
  open func decodeMethodCall(_ methodCall: Data) -> FlutterMethodCall {
    let reader = readerWriter.reader(with: methodCall)
    let name = reader.readValue()
    let arguments = reader.readValue()
    let method = (name as? NSString).map { $0 as String }
    if reader.corrupted || reader.hasMore() || method == nil {
      FlutterDiagnostics.report("Corrupted standard method call (\(methodCall.count) bytes)")
    }
    return FlutterMethodCall(methodName: method ?? "", arguments: arguments)
  }

  /// The result in a success envelope, or a `FlutterError` for an error envelope. iOS asserts on
  /// any other first byte; here such an envelope reads as `nil` and is reported.
  open func decodeEnvelope(_ envelope: Data) -> Any? {
    let reader = readerWriter.reader(with: envelope)
    let flag = reader.readByte()
    var result: Any?
    switch flag {
    case 0:
      result = reader.readValue()
    case 1:
      let code = reader.readValue()
      let message = reader.readValue()
      let details = reader.readValue()
      result = FlutterError(
        code: (code as? NSString).map { $0 as String } ?? "",
        message: (message as? NSString).map { $0 as String }, details: details)
    default:
      reader.corrupted = true
    }
    if reader.corrupted || reader.hasMore() {
      FlutterDiagnostics.report("Corrupted standard envelope (\(envelope.count) bytes)")
      if flag > 1 { return nil }
    }
    return result
  }

  private func write(_ body: (FlutterStandardWriter) -> Void) -> Data {
    let data = NSMutableData(capacity: 32) ?? NSMutableData()
    body(readerWriter.writer(with: data))
    return data as Data
  }
}
