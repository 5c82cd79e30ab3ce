import FlutterCodec

extension StandardMethodCodec {
  /// A method call read straight from `bytes` (no copy into an array). A call that does not read
  /// cleanly this way is decoded again by ``decodeMethodCall(_:)-([UInt8])``, so that a malformed
  /// call fails with exactly the codec's error.
  func decodeMethodCall(inPlace bytes: UnsafeRawBufferPointer) throws(CodecError) -> MethodCall {
    if let call = readWholeCall(bytes) { return call }
    return try decodeMethodCall([UInt8](bytes))
  }

  /// A string value, then one arguments value, then the end of the bytes; else `nil`.
  private func readWholeCall(_ bytes: UnsafeRawBufferPointer) -> MethodCall? {
    var reader = ByteReader(bytes)
    guard case .string(let method)? = try? messageCodec.readValue(from: &reader),
      !reader.isAtEnd,
      let arguments = try? messageCodec.readValue(from: &reader),
      reader.isAtEnd
    else { return nil }
    return MethodCall(method, arguments)
  }
}
