import FlutterCodec

/// The typed JSON shapes of method calls and envelopes (protocol/transcripts.md and protocol/cli.md):
/// `{"method": "name", "args": v}`, `{"ok": v}`, and
/// `{"error": {"code": s, "message": s|null, "details": v}}` plus `"stacktrace"` when one was sent.
extension ChannelJSON {
  /// `{"method": name, "args": arguments}`.
  public static func value(of call: MethodCall) -> ChannelValue {
    .object([("method", .string(call.method)), ("args", call.arguments)])
  }

  /// `{"ok": v}` or `{"error": {...}}`.
  public static func value(of envelope: Envelope) -> ChannelValue {
    switch envelope {
    case .success(let result):
      return .object([("ok", result)])
    case .error(let error):
      var fields: [(String, ChannelValue)] = [
        ("code", .string(error.code)),
        ("message", error.message.map(ChannelValue.string) ?? .null),
        ("details", error.details),
      ]
      if let stacktrace = error.stacktrace { fields.append(("stacktrace", stacktrace)) }
      return .object([("error", .object(fields))])
    }
  }

  /// The method call that `{"method": s, "args": v}` describes (`args` may be left out: null).
  public static func methodCall(from value: ChannelValue) throws(ChannelJSONError) -> MethodCall {
    let fields = try keyedFields(value, path: "$", allowed: ["method", "args"])
    guard case .string(let method)? = fields["method"] else {
      throw ChannelJSONError(
        .wrongType, path: "$.method",
        message: "expected the method name as a string, not \(describe(fields["method"]))")
    }
    return MethodCall(method, fields["args"] ?? .null)
  }

  /// The envelope that `{"ok": v}` or `{"error": {"code", "message", "details", "stacktrace"?}}`
  /// describes.
  public static func envelope(from value: ChannelValue) throws(ChannelJSONError) -> Envelope {
    let fields = try keyedFields(value, path: "$", allowed: ["ok", "error"])
    if fields.count != 1 {
      throw ChannelJSONError(
        .wrongType, path: "$",
        message: "expected exactly one of \"ok\" and \"error\", not \(fields.count)")
    }
    if let result = fields["ok"] { return .success(result) }
    let error = try keyedFields(
      fields["error"] ?? .null, path: "$.error",
      allowed: ["code", "message", "details", "stacktrace"])
    guard case .string(let code)? = error["code"] else {
      throw ChannelJSONError(
        .wrongType, path: "$.error.code",
        message: "expected the error code as a string, not \(describe(error["code"]))")
    }
    let message: String?
    switch error["message"] {
    case nil, .null?: message = nil
    case .string(let s)?: message = s
    case let other?:
      throw ChannelJSONError(
        .wrongType, path: "$.error.message",
        message: "expected a string or null, not \(other.typeName)")
    }
    switch error["stacktrace"] {
    case nil, .null?, .string?: break
    case let other?:
      throw ChannelJSONError(
        .wrongType, path: "$.error.stacktrace",
        message: "expected a string or null, not \(other.typeName)")
    }
    return .error(
      FlutterError(
        code: code, message: message, details: error["details"] ?? .null,
        stacktrace: error["stacktrace"]))
  }

  /// The fields of a string-keyed map, refusing keys outside `allowed`.
  private static func keyedFields(
    _ value: ChannelValue, path: String, allowed: [String]
  ) throws(ChannelJSONError) -> [String: ChannelValue] {
    guard case .map(let entries) = value else {
      throw ChannelJSONError(
        .wrongType, path: path, message: "expected an object, not \(value.typeName)")
    }
    var fields: [String: ChannelValue] = [:]
    for entry in entries {
      guard case .string(let key) = entry.key, allowed.contains(key) else {
        throw ChannelJSONError(
          .wrongType, path: path,
          message:
            "expected only the keys \(allowed.map { "\"\($0)\"" }.joined(separator: ", ")), not \(print(entry.key))"
        )
      }
      fields[key] = entry.value
    }
    return fields
  }

  private static func describe(_ value: ChannelValue?) -> String {
    value.map(\.typeName) ?? "nothing (the key is missing)"
  }
}
