/// Flutter's `StandardMethodCodec`: method calls and reply envelopes over the standard message
/// format. Alignment counts from the first byte of the call (the method name's tag) or of the
/// envelope (its flag byte).
public struct StandardMethodCodec: Sendable {
  public var messageCodec: StandardMessageCodec

  public init(messageCodec: StandardMessageCodec = StandardMessageCodec()) {
    self.messageCodec = messageCodec
  }

  // MARK: Method calls

  public func encodeMethodCall(_ call: MethodCall) -> [UInt8] {
    if let bytes = Self.encodeShortCall(call) { return bytes }
    let name = ChannelValue.string(call.method)
    let count = EncodedSize.end(of: call.arguments, at: EncodedSize.end(of: name, at: 0))
    return RawWriter.message(count: count) { writer in
      writer.value(name)
      writer.value(call.arguments)
    }
  }

  /// A method name value and an arguments value, and nothing after them.
  public func decodeMethodCall(_ bytes: [UInt8]) throws(CodecError) -> MethodCall {
    if let call = bytes.withUnsafeBytes(Self.decodeShortCall) { return call }
    return try StandardMessageCodec.withReader(bytes) {
      (reader: inout ByteReader) throws(CodecError) in
      try readMethodCall(&reader)
    }
  }

  /// A method call held in a slice; alignment counts from the slice's first byte.
  public func decodeMethodCall(_ bytes: ArraySlice<UInt8>) throws(CodecError) -> MethodCall {
    try StandardMessageCodec.withReader(bytes) { (reader: inout ByteReader) throws(CodecError) in
      try readMethodCall(&reader)
    }
  }

  func readMethodCall(_ reader: inout ByteReader) throws(CodecError) -> MethodCall {
    let nameOffset = reader.readerIndex
    let name = try messageCodec.readValue(from: &reader)
    guard case .string(let method) = name else {
      throw CodecError(
        .methodNameNotString, at: nameOffset,
        expected: "the method name as a string, not \(name.typeName)")
    }
    if reader.isAtEnd {
      throw CodecError(
        .truncated, at: reader.readerIndex, expected: "the arguments of method '\(method)'")
    }
    let arguments = try messageCodec.readValue(from: &reader)
    try StandardMessageCodec.expectEnd(reader, after: "the method call's arguments")
    return MethodCall(method, arguments)
  }

  // MARK: Envelopes

  public func encodeSuccessEnvelope(_ result: ChannelValue) -> [UInt8] {
    RawWriter.message(count: EncodedSize.end(of: result, at: 1)) { writer in
      writer.byte(0)
      writer.value(result)
    }
  }

  /// Code, message and details; the stacktrace only when the error carries one.
  public func encodeErrorEnvelope(_ error: FlutterError) -> [UInt8] {
    let code = ChannelValue.string(error.code)
    let message = error.message.map(ChannelValue.string) ?? .null
    var count = EncodedSize.end(of: code, at: 1)
    count = EncodedSize.end(of: message, at: count)
    count = EncodedSize.end(of: error.details, at: count)
    if let stacktrace = error.stacktrace {
      count = EncodedSize.end(of: stacktrace, at: count)
    }
    return RawWriter.message(count: count) { writer in
      writer.byte(1)
      writer.value(code)
      writer.value(message)
      writer.value(error.details)
      if let stacktrace = error.stacktrace {
        writer.value(stacktrace)
      }
    }
  }

  public func encodeEnvelope(_ envelope: Envelope) -> [UInt8] {
    switch envelope {
    case .success(let value): return encodeSuccessEnvelope(value)
    case .error(let error): return encodeErrorEnvelope(error)
    }
  }

  /// A success envelope (flag 0, one value) or an error envelope (flag 1, code, message, details
  /// and an optional stacktrace), and nothing after it.
  public func decodeEnvelope(_ bytes: [UInt8]) throws(CodecError) -> Envelope {
    try StandardMessageCodec.withReader(bytes) { (reader: inout ByteReader) throws(CodecError) in
      try readEnvelope(&reader)
    }
  }

  /// An envelope held in a slice; alignment counts from the slice's first byte (the flag).
  public func decodeEnvelope(_ bytes: ArraySlice<UInt8>) throws(CodecError) -> Envelope {
    try StandardMessageCodec.withReader(bytes) { (reader: inout ByteReader) throws(CodecError) in
      try readEnvelope(&reader)
    }
  }

  func readEnvelope(_ reader: inout ByteReader) throws(CodecError) -> Envelope {
    if reader.isAtEnd {
      throw CodecError(.emptyEnvelope, at: 0, expected: "an envelope flag byte (0 or 1)")
    }
    let flag = try reader.readByte("an envelope flag byte")
    switch flag {
    case 0:
      let value = try messageCodec.readValue(from: &reader)
      try StandardMessageCodec.expectEnd(reader, after: "the success envelope's value")
      return .success(value)
    case 1:
      return .error(try readErrorFields(from: &reader))
    default:
      throw CodecError(
        .invalidEnvelopeFlag, at: 0,
        expected: "an envelope flag 0 (success) or 1 (error), not \(flag)")
    }
  }

  private func readErrorFields(from reader: inout ByteReader) throws(CodecError) -> FlutterError {
    let codeOffset = reader.readerIndex
    let code = try messageCodec.readValue(from: &reader)
    let messageOffset = reader.readerIndex
    let message = try messageCodec.readValue(from: &reader)
    let details = try messageCodec.readValue(from: &reader)
    var stacktrace: ChannelValue?
    let stacktraceOffset = reader.readerIndex
    if !reader.isAtEnd {
      stacktrace = try messageCodec.readValue(from: &reader)
    }
    try StandardMessageCodec.expectEnd(reader, after: "the error envelope's fields")
    guard case .string(let codeString) = code else {
      throw CodecError(
        .invalidErrorEnvelope, at: codeOffset,
        expected: "the error code as a string, not \(code.typeName)")
    }
    let messageString: String?
    switch message {
    case .null: messageString = nil
    case .string(let s): messageString = s
    default:
      throw CodecError(
        .invalidErrorEnvelope, at: messageOffset,
        expected: "the error message as a string or null, not \(message.typeName)")
    }
    switch stacktrace {
    case nil, .null?, .string?: break
    case let other?:
      throw CodecError(
        .invalidErrorEnvelope, at: stacktraceOffset,
        expected: "the error stacktrace as a string or null, not \(other.typeName)")
    }
    return FlutterError(
      code: codeString, message: messageString, details: details, stacktrace: stacktrace)
  }
}
