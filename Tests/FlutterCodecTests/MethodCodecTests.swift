import Testing

@testable import FlutterCodec

@Suite struct MethodCodecTests {
  @Test func methodCallWithoutArguments() throws {
    // "isAvailable" is 11 = 0x0b bytes: 69 73 41 76 61 69 6c 61 62 6c 65; then null.
    let bytes = hex("07 0b 697341766169 6c61626c65 00")
    #expect(methodCodec.encodeMethodCall(MethodCall("isAvailable")) == bytes)
    #expect(try methodCodec.decodeMethodCall(bytes) == MethodCall("isAvailable", nil))
  }

  @Test func methodCallWithMapArguments() throws {
    // "f", then {"identifier": "x"}; "identifier" = 69 64 65 6e 74 69 66 69 65 72 (10 bytes).
    let call = MethodCall("f", ["identifier": "x"])
    let bytes = hex("070166 0d01 070a 6964656e746966696572 070178")
    #expect(methodCodec.encodeMethodCall(call) == bytes)
    #expect(try methodCodec.decodeMethodCall(bytes) == call)
  }

  @Test func successEnvelopes() throws {
    let cases: [(ChannelValue, String)] = [
      (nil, "00 00"),
      ("ok", "00 07026f6b"),
      (.int64(1), "00 04 0100000000000000"),
      ([true], "00 0c01 01"),
    ]
    for (value, h) in cases {
      #expect(methodCodec.encodeSuccessEnvelope(value) == hex(h))
      #expect(methodCodec.encodeEnvelope(.success(value)) == hex(h))
      #expect(try methodCodec.decodeEnvelope(hex(h)) == .success(value))
    }
  }

  @Test func errorEnvelopeWithoutDetails() throws {
    // 01, code "E", message "m", details null: three fields, no stacktrace.
    let error = FlutterError(code: "E", message: "m")
    let bytes = hex("01 070145 07016d 00")
    #expect(methodCodec.encodeErrorEnvelope(error) == bytes)
    #expect(methodCodec.encodeEnvelope(.error(error)) == bytes)
    #expect(try methodCodec.decodeEnvelope(bytes) == .error(error))
    // A null message.
    let noMessage = FlutterError(code: "E")
    #expect(methodCodec.encodeErrorEnvelope(noMessage) == hex("01 070145 00 00"))
    #expect(try methodCodec.decodeEnvelope(hex("01 070145 00 00")) == .error(noMessage))
  }

  @Test func errorEnvelopeWithDetails() throws {
    // details {"hkErrorCode": 5}; "hkErrorCode" = 68 6b 45 72 72 6f 72 43 6f 64 65 (11 bytes).
    let error = FlutterError(code: "E", details: ["hkErrorCode": 5])
    let bytes = hex("01 070145 00 0d01 070b 686b4572726f72436f6465 03 05000000")
    #expect(methodCodec.encodeErrorEnvelope(error) == bytes)
    #expect(try methodCodec.decodeEnvelope(bytes) == .error(error))
  }

  @Test func errorEnvelopeWithAStacktrace() throws {
    // Android's fourth field: accepted on decode, written only when the error carries one.
    let error = FlutterError(code: "E", stacktrace: "st")
    let bytes = hex("01 070145 00 00 07027374")
    #expect(try methodCodec.decodeEnvelope(bytes) == .error(error))
    #expect(methodCodec.encodeErrorEnvelope(error) == bytes)
    let nullStack = hex("01 070145 00 00 00")
    #expect(
      try methodCodec.decodeEnvelope(nullStack)
        == .error(FlutterError(code: "E", stacktrace: .null)))
    // No stacktrace field and a null one are different envelopes.
    #expect(FlutterError(code: "E", stacktrace: .null) != FlutterError(code: "E"))
  }

  @Test func methodCallErrors() {
    // Name not a string: int32 1 at 0.
    expectError(.methodNameNotString, at: 0) { () throws(CodecError) in
      _ = try methodCodec.decodeMethodCall(hex("03 01000000 00"))
    }
    expectError(.methodNameNotString, at: 0) { () throws(CodecError) in
      _ = try methodCodec.decodeMethodCall(hex("00 00"))
    }
    // Arguments missing after "m" (3 bytes).
    expectError(.truncated, at: 3) { () throws(CodecError) in
      _ = try methodCodec.decodeMethodCall(hex("07016d"))
    }
    // Empty input: no name tag.
    expectError(.truncated, at: 0) { () throws(CodecError) in
      _ = try methodCodec.decodeMethodCall([])
    }
    // A byte after the arguments.
    expectError(.trailingBytes, at: 4) { () throws(CodecError) in
      _ = try methodCodec.decodeMethodCall(hex("07016d 00 00"))
    }
    // A broken name value is reported as itself.
    expectError(.sizeOutOfBounds, at: 1) { () throws(CodecError) in
      _ = try methodCodec.decodeMethodCall(hex("07 05 6d"))
    }
  }

  @Test func envelopeErrors() {
    expectError(.emptyEnvelope, at: 0) { () throws(CodecError) in
      _ = try methodCodec.decodeEnvelope([])
    }
    expectError(.invalidEnvelopeFlag, at: 0) { () throws(CodecError) in
      _ = try methodCodec.decodeEnvelope(hex("02 00"))
    }
    expectError(.invalidEnvelopeFlag, at: 0) { () throws(CodecError) in
      _ = try methodCodec.decodeEnvelope(hex("ff"))
    }
    // Success flag and nothing else.
    expectError(.truncated, at: 1) { () throws(CodecError) in
      _ = try methodCodec.decodeEnvelope(hex("00"))
    }
    expectError(.trailingBytes, at: 2) { () throws(CodecError) in
      _ = try methodCodec.decodeEnvelope(hex("00 00 00"))
    }
    // Error envelope: code null at 1.
    expectError(.invalidErrorEnvelope, at: 1) { () throws(CodecError) in
      _ = try methodCodec.decodeEnvelope(hex("01 00 00 00"))
    }
    // Message int32 at 4.
    expectError(.invalidErrorEnvelope, at: 4) { () throws(CodecError) in
      _ = try methodCodec.decodeEnvelope(hex("01 070145 03 01000000 00"))
    }
    // Stacktrace int32 at 6.
    expectError(.invalidErrorEnvelope, at: 6) { () throws(CodecError) in
      _ = try methodCodec.decodeEnvelope(hex("01 070145 00 00 03 01000000"))
    }
    // Details missing after code and message (5 bytes).
    expectError(.truncated, at: 5) { () throws(CodecError) in
      _ = try methodCodec.decodeEnvelope(hex("01 070145 00"))
    }
    // A fifth field.
    expectError(.trailingBytes, at: 7) { () throws(CodecError) in
      _ = try methodCodec.decodeEnvelope(hex("01 070145 00 00 00 00"))
    }
  }
}
