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
    var out: [UInt8] = []
    write(to: &out, indent: 0)
    return String(decoding: out, as: UTF8.self)
  }

  private func write(to out: inout [UInt8], indent: Int) {
    switch self {
    case .object(let pairs):
      out.append(contentsOf: "{\n".utf8)
      for (index, pair) in pairs.enumerated() {
        if index > 0 { out.append(contentsOf: ",\n".utf8) }
        Self.appendSpaces(indent + 2, to: &out)
        JSONEncoderText.appendQuoted(pair.0, to: &out)
        out.append(contentsOf: " : ".utf8)
        pair.1.write(to: &out, indent: indent + 2)
      }
      out.append(UInt8(ascii: "\n"))
      Self.appendSpaces(indent, to: &out)
      out.append(UInt8(ascii: "}"))
    case .array(let values):
      out.append(contentsOf: "[\n".utf8)
      for (index, value) in values.enumerated() {
        if index > 0 { out.append(contentsOf: ",\n".utf8) }
        Self.appendSpaces(indent + 2, to: &out)
        value.write(to: &out, indent: indent + 2)
      }
      out.append(UInt8(ascii: "\n"))
      Self.appendSpaces(indent, to: &out)
      out.append(UInt8(ascii: "]"))
    case .string(let text):
      JSONEncoderText.appendQuoted(text, to: &out)
    case .double(let value):
      out.append(contentsOf: Self.number(value).utf8)
    case .int(let value):
      out.append(contentsOf: String(value).utf8)
    case .bool(let value):
      out.append(contentsOf: (value ? "true" : "false").utf8)
    }
  }

  private static func appendSpaces(_ count: Int, to out: inout [UInt8]) {
    out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
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
}
