import PluginHost

/// A JSON value as HealthKitReporter's models encode it (`JSONEncoder` with `.prettyPrinted`),
/// keys in the order the model declares them (protocol/profiles/health_kit_reporter.md, "JSON
/// text"). An optional that is nil is left out of its object, as `JSONEncoder` does.
indirect enum ReporterJSON: Equatable {
  case object([(String, ReporterJSON)])
  case array([ReporterJSON])
  case string(String)
  case double(Double)
  case int(Int)
  case bool(Bool)

  static func == (lhs: ReporterJSON, rhs: ReporterJSON) -> Bool {
    lhs.text == rhs.text
  }

  /// An object from optional fields: nil values are omitted.
  static func fields(_ pairs: [(String, ReporterJSON?)]) -> ReporterJSON {
    .object(pairs.compactMap { key, value in value.map { (key, $0) } })
  }

  /// The pretty-printed text: two spaces per level, `"key" : value`, an empty array or object
  /// as the bracket, an empty line and the closing bracket at the container's indent.
  var text: String {
    var out = ""
    write(to: &out, indent: 0)
    return out
  }

  private func write(to out: inout String, indent: Int) {
    switch self {
    case .object(let pairs):
      out += "{\n"
      for (index, pair) in pairs.enumerated() {
        if index > 0 { out += ",\n" }
        out += String(repeating: " ", count: indent + 2)
        Self.writeString(pair.0, to: &out)
        out += " : "
        pair.1.write(to: &out, indent: indent + 2)
      }
      out += "\n" + String(repeating: " ", count: indent) + "}"
    case .array(let values):
      out += "[\n"
      for (index, value) in values.enumerated() {
        if index > 0 { out += ",\n" }
        out += String(repeating: " ", count: indent + 2)
        value.write(to: &out, indent: indent + 2)
      }
      out += "\n" + String(repeating: " ", count: indent) + "]"
    case .string(let text):
      Self.writeString(text, to: &out)
    case .double(let value):
      out += Self.number(value)
    case .int(let value):
      out += String(value)
    case .bool(let value):
      out += value ? "true" : "false"
    }
  }

  /// A Double as `JSONEncoder` writes it: Swift's shortest description without a trailing
  /// `.0`; infinities as the string `"inf"` and NaN as `"-500.0"` (the library's
  /// non-conforming float strategy).
  static func number(_ value: Double) -> String {
    if value.isNaN { return "\"-500.0\"" }
    if value.isInfinite { return "\"inf\"" }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
  }

  /// A string with `JSONEncoder`'s escapes.
  static func writeString(_ text: String, to out: inout String) {
    out += JSONEncoderText.quoted(text)
  }
}
