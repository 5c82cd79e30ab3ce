import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// The control methods of verification (protocol/verification.md).
enum VerificationMethods {
  static let table: MethodTable = [
    "calls": .control(takes: []) { (context) throws -> MethodOperation in
      let verification = context.environment.verification
      return { verification.callsValue }
    },
    "clearCalls": .control(takes: []) { (context) throws -> MethodOperation in
      let verification = context.environment.verification
      return {
        verification.clearCalls()
        return .null
      }
    },
    "stub": .control(takes: ["method", "args", "reply", "count"], stub),
    "setLatency": .control(takes: ["method", "ms"]) {
      (context) throws -> MethodOperation in
      let args = context.arguments
      let method = try args.optionalString("method")
      if let method { try requireServed(method, context) }
      let ms = try args.int("ms")
      guard (0...60_000).contains(ms) else {
        throw ArgumentError(
          field: "ms", "ms \(ms) is out of range; expected 0 (no delay) to 60000")
      }
      let verification = context.environment.verification
      return {
        verification.setLatency(method: method, milliseconds: ms)
        return .null
      }
    },
  ]

  /// `method` must be a method of a method channel served (of any profile; any name when a
  /// channel the user declared is served); a near name is suggested.
  static func requireServed(_ method: String, _ context: MethodContext) throws(ArgumentError) {
    guard !context.servesAnyMethod, !context.servedMethods.contains(method) else { return }
    let meant = NearestName.find(method, among: context.servedMethods.sorted())
    var error = ArgumentError(
      field: "method",
      "method \"\(method)\" is not a plugin method"
        + (meant.map { " (did you mean '\($0)'?)" } ?? ""))
    error.didYouMean = meant
    throw error
  }

  @Sendable
  static func stub(_ context: MethodContext) throws -> MethodOperation {
    let args = context.arguments
    let method = try args.string("method")
    try requireServed(method, context)
    var matchArguments: [ChannelMapEntry]?
    if let value = try args.optionalValue("args"), !value.isNull {
      guard case .map(let entries) = value else {
        throw ArgumentError(
          field: "args", "args must be a map of argument names to the values to match")
      }
      matchArguments = entries
    }
    let reply = try args.map("reply")
    try reply.rejectUnknownFields(allowed: ["ok", "error"])
    let keys = try reply.keys()
    guard keys.count == 1 else {
      throw ArgumentError(
        field: "reply", "reply must be {\"ok\": value} or {\"error\": {\"code\", ...}}")
    }
    let envelope: Envelope
    if keys[0] == "ok" {
      envelope = .success(try reply.requiredValue("ok", expected: "a value"))
    } else {
      let error = try reply.map("error")
      try error.rejectUnknownFields(allowed: ["code", "message", "details"])
      let code = try error.string("code")
      guard !code.isEmpty else {
        throw ArgumentError(field: "reply.error.code", "code must not be empty")
      }
      envelope = .error(
        FlutterError(
          code: code, message: try error.optionalString("message"),
          details: try error.optionalValue("details") ?? .null))
    }
    let count = try args.optionalInt("count")
    if let count, count < 1 {
      throw ArgumentError(
        field: "count", "count \(count) must be at least 1 (leave it out: every call)")
    }
    let verification = context.environment.verification
    guard verification.stubCount < StubIndex.limit else {
      throw ArgumentError(
        field: "method",
        "hkbridge holds at most \(StubIndex.limit) stubs; reset (or let counted stubs run out) "
          + "before adding more")
    }
    return {
      verification.addStub(
        Verification.Stub(
          method: method, arguments: matchArguments, reply: envelope, remaining: count))
      return .null
    }
  }
}
