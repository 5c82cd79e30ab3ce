import Testing

@testable import FlutterCodec

/// Seeded random values (the same every run): value → bytes → value is the identity, and the
/// bytes decoded re-encode to the very same bytes (which also proves floats keep their bits).
@Suite struct RandomRoundTripTests {
  @Test func messagesRoundTrip() throws {
    var generator = ValueGenerator(seed: 0x4b48_4252_4944_4745)
    var seen: Set<String> = []
    for _ in 0..<4000 {
      let value = generator.value()
      caseNames(value, into: &seen)
      let bytes = extCodec.encode(value)
      let decoded = try extCodec.decode(bytes)
      #expect(decoded == value)
      #expect(extCodec.encode(decoded) == bytes)
      // Hashable agrees with ==.
      #expect(decoded.hashValue == value.hashValue)
      // Without extensions, a value holding one is refused; others decode the same.
      if containsExtension(value) {
        #expect(throws: CodecError.self) { try plainCodec.decode(bytes) }
      } else {
        #expect(try plainCodec.decode(bytes) == value)
      }
    }
    // Every case of ChannelValue was generated.
    let all: Set<String> = [
      "null", "bool", "int32", "int64", "largeInt", "float64", "string", "Uint8List", "Int32List",
      "Int64List", "Float32List", "Float64List", "list", "map", "extension",
    ]
    #expect(seen == all)
  }

  @Test func methodCallsAndEnvelopesRoundTrip() throws {
    var generator = ValueGenerator(seed: 7)
    generator.maxDepth = 3
    let codec = StandardMethodCodec(messageCodec: extCodec)
    for _ in 0..<1500 {
      let call = MethodCall(generator.string(), generator.value())
      let callBytes = codec.encodeMethodCall(call)
      #expect(try codec.decodeMethodCall(callBytes) == call)

      let success = Envelope.success(generator.value())
      let successBytes = codec.encodeEnvelope(success)
      #expect(try codec.decodeEnvelope(successBytes) == success)
      #expect(codec.encodeEnvelope(try codec.decodeEnvelope(successBytes)) == successBytes)

      let error = FlutterError(
        code: generator.string(),
        message: generator.chance(50) ? generator.string() : nil,
        details: generator.value(),
        stacktrace: generator.chance(30) ? .string(generator.string()) : nil)
      let errorBytes = codec.encodeEnvelope(.error(error))
      #expect(try codec.decodeEnvelope(errorBytes) == .error(error))
      #expect(codec.encodeEnvelope(try codec.decodeEnvelope(errorBytes)) == errorBytes)
    }
  }
}

/// Random damage to valid messages never crashes the decoders: each input either throws a
/// ``CodecError`` or decodes to a value that itself round-trips.
@Suite struct RandomMutationTests {
  static func mutate(_ bytes: [UInt8], _ g: inout ValueGenerator) -> [UInt8] {
    var out = bytes
    for _ in 0...g.int(0...2) {
      let position = out.isEmpty ? 0 : g.int(0...out.count - 1)
      switch g.int(0...6) {
      case 0 where !out.isEmpty:
        out[position] = UInt8(truncatingIfNeeded: g.rng.next())
      case 1 where !out.isEmpty:
        let interesting: [UInt8] = [0x00, 0x05, 0x06, 0x0c, 0x0d, 0x0f, 0x7f, 0x80, 0xfe, 0xff]
        out[position] = interesting[g.int(0...interesting.count - 1)]
      case 2: out = Array(out.prefix(position))
      case 3: out.insert(UInt8(truncatingIfNeeded: g.rng.next()), at: position)
      case 4 where !out.isEmpty: out.remove(at: position)
      case 5: out += [0xff, 0xff, 0xff, 0xff, 0xff].prefix(g.int(1...5))
      default:
        // A size prefix claiming 2^32-1.
        out.insert(contentsOf: [0xff, 0xff, 0xff, 0xff, 0xff], at: position)
      }
    }
    return out
  }

  @Test func damagedMessagesThrowOrDecode() {
    var g = ValueGenerator(seed: 0xdead_beef)
    g.maxDepth = 3
    var decodedCount = 0
    var kinds: Set<CodecError.Kind> = []
    let methodCodec = StandardMethodCodec(messageCodec: extCodec)
    for _ in 0..<1500 {
      let value = g.value()
      let message = extCodec.encode(value)
      let call = methodCodec.encodeMethodCall(MethodCall("m", value))
      let envelope =
        g.chance(50)
        ? methodCodec.encodeSuccessEnvelope(value)
        : methodCodec.encodeErrorEnvelope(FlutterError(code: "E", details: value))
      for _ in 0..<4 {
        for codec in [plainCodec, extCodec] {
          do throws(CodecError) {
            let decoded = try codec.decode(Self.mutate(message, &g))
            decodedCount += 1
            let again = codec.encode(decoded)
            #expect(try codec.decode(again) == decoded)
          } catch {
            kinds.insert(error.kind)
            #expect(error.offset >= 0)
          }
        }
        do throws(CodecError) {
          _ = try methodCodec.decodeMethodCall(Self.mutate(call, &g))
          decodedCount += 1
        } catch {
          kinds.insert(error.kind)
        }
        do throws(CodecError) {
          _ = try methodCodec.decodeEnvelope(Self.mutate(envelope, &g))
          decodedCount += 1
        } catch {
          kinds.insert(error.kind)
        }
      }
    }
    // The damage was varied enough to reach both outcomes and most kinds of error.
    #expect(decodedCount > 100)
    for kind: CodecError.Kind in [
      .truncated, .unknownTag, .sizeOutOfBounds, .invalidUTF8, .trailingBytes,
      .methodNameNotString, .invalidEnvelopeFlag, .invalidErrorEnvelope,
    ] {
      #expect(kinds.contains(kind), "\(kind) never reached")
    }
  }

  @Test func randomBytesNeverCrash() {
    var g = ValueGenerator(seed: 99)
    var outcomes = 0
    for _ in 0..<20_000 {
      let bytes = (0..<g.int(0...24)).map { _ in UInt8(truncatingIfNeeded: g.rng.next()) }
      for codec in [plainCodec, extCodec] {
        if (try? codec.decode(bytes)) != nil { outcomes += 1 }
      }
      if (try? methodCodec.decodeMethodCall(bytes)) != nil { outcomes += 1 }
      if (try? methodCodec.decodeEnvelope(bytes)) != nil { outcomes += 1 }
    }
    #expect(outcomes > 0)
  }
}
