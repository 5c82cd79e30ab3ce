import FlutterCodec

/// The codec workloads that are also run by Flutter's codecs as peer programs (``CodecPeers``),
/// by the names the peers print: `reply-decode` and `reply-encode` (a success envelope holding a
/// 1,000-record `readRecords` reply), `call-decode` and `call-encode` (`isAvailable` with null
/// arguments).
struct CodecWorkloads {
  let codec = StandardMethodCodec()
  let reply: Envelope
  let replyBytes: [UInt8]
  let call: MethodCall
  let callBytes: [UInt8]

  /// Nil (after printing which) when the codec does not round-trip a workload's message.
  init?() {
    reply = Envelope.success(recordReply(count: 1_000))
    replyBytes = codec.encodeEnvelope(reply)
    call = MethodCall("isAvailable", .null)
    callBytes = codec.encodeMethodCall(call)
    guard (try? codec.decodeEnvelope(replyBytes)) == reply else {
      print("  readRecords reply: the codec does not round-trip it; not measured")
      return nil
    }
    guard (try? codec.decodeMethodCall(callBytes)) == call else {
      print("  isAvailable call: the codec does not round-trip it; not measured")
      return nil
    }
  }

  /// Times one workload with ``measure(samples:iterations:_:)``; nil for an unknown name.
  func time(_ workload: String, samples: Int, iterations: Int) -> Timing? {
    switch workload {
    case "reply-decode":
      return measure(samples: samples, iterations: iterations) {
        blackHole(try? codec.decodeEnvelope(replyBytes))
      }
    case "reply-encode":
      return measure(samples: samples, iterations: iterations) {
        blackHole(codec.encodeEnvelope(reply))
      }
    case "call-decode":
      return measure(samples: samples, iterations: iterations) {
        blackHole(try? codec.decodeMethodCall(callBytes))
      }
    case "call-encode":
      return measure(samples: samples, iterations: iterations) {
        blackHole(codec.encodeMethodCall(call))
      }
    default:
      return nil
    }
  }
}
