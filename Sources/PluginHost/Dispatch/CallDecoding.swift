import FlutterCodec

extension StandardMethodCodec {
  /// A method call read straight from `bytes` (no copy into an array). A call that does not read
  /// cleanly this way is decoded again by ``decodeMethodCall(_:)-([UInt8])``, so that a malformed
  /// call fails with exactly the codec's error.
  func decodeMethodCall(inPlace bytes: UnsafeRawBufferPointer) throws(CodecError) -> MethodCall {
    try decodeMethodCall(inPlace: bytes, methods: nil).call
  }

  /// The same, with the method's name looked up in `methods` by its bytes where they lie: when
  /// one of them has exactly these bytes, the call's name is the table's own (no `String` made,
  /// no UTF-8 check) and its position in `methods` comes with it; else `position` is `nil` (look
  /// the name up).
  func decodeMethodCall(inPlace bytes: UnsafeRawBufferPointer, methods: MethodIndex?)
    throws(CodecError) -> (call: MethodCall, position: Int?)
  {
    if let methods, let known = readKnownCall(bytes, methods) { return known }
    if let call = readWholeCall(bytes) { return (call, nil) }
    return (try decodeMethodCall([UInt8](bytes)), nil)
  }

  /// The standard message format's tag of a string.
  static let stringTag: UInt8 = 7

  /// A string value that is a method of `methods` byte for byte, then one arguments value, then
  /// the end of the bytes; else `nil`.
  private func readKnownCall(_ bytes: UnsafeRawBufferPointer, _ methods: MethodIndex)
    -> (call: MethodCall, position: Int?)?
  {
    if let known = readKnownScalarCall(bytes, methods) { return known }
    var reader = ByteReader(bytes)
    guard (try? reader.readByte("a type tag")) == Self.stringTag,
      let size = try? reader.readSize(),
      let name = try? reader.readSlice(size, "a method name"),
      let position = methods.position(utf8: name),
      !reader.isAtEnd,
      let arguments = try? messageCodec.readValue(from: &reader),
      reader.isAtEnd
    else { return nil }
    return (MethodCall(methods.name(at: position), arguments), position)
  }

  /// The commonest call read with no reader: a method of `methods` with null, bool or integer
  /// arguments (the codec's ``StandardMethodCodec/scalarCall(_:)``); else `nil` (the general
  /// read decides).
  @inline(__always)
  private func readKnownScalarCall(
    _ bytes: UnsafeRawBufferPointer, _ methods: MethodIndex
  ) -> (call: MethodCall, position: Int?)? {
    guard let known = Self.knownScalarCall(bytes, methods) else { return nil }
    return (MethodCall(methods.name(at: known.position), known.arguments.value), known.position)
  }

  /// The position in `methods` of a short call's method and its scalar arguments (the codec's
  /// ``StandardMethodCodec/scalarCall(_:)``), or `nil`: the router answers such a call without
  /// making its name or a ``MethodCall``.
  @inline(__always)
  static func knownScalarCall(_ bytes: UnsafeRawBufferPointer, _ methods: MethodIndex)
    -> KnownScalarCall?
  {
    guard let (name, arguments) = scalarCallParts(bytes),
      let position = methods.position(utf8: name)
    else { return nil }
    return KnownScalarCall(position: position, arguments: arguments)
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

/// A call of the method at `position` of a channel's methods with scalar arguments, as plain
/// data (nothing to free).
struct KnownScalarCall {
  let position: Int
  let arguments: ScalarArguments
}
