/// One line of the benchmark's table: a figure, what it is compared with, and its target.
struct Figure {
  /// Whether the figure meets its target, or cannot say.
  enum Verdict {
    case met
    case missed
    case notMeasured
    case informational

    var label: String {
      switch self {
      case .met: return "MET"
      case .missed: return "MISSED"
      case .notMeasured: return "not measured yet"
      case .informational: return "-"
      }
    }
  }

  /// What is measured ("codec decode, 1 MiB Float64List").
  var name: String
  /// The headline: a ratio when there is a limit beside it, else the figure itself.
  var result: String
  /// The target from protocol/targets.md.
  var target: String
  /// The raw figures and the limit measured beside them.
  var detail: String
  var verdict: Verdict

  /// A figure whose measurement went wrong: result "failed", MISSED.
  static func failed(_ name: String, target: String, detail: String) -> Figure {
    Figure(name: name, result: "failed", target: target, detail: detail, verdict: .missed)
  }

  /// A figure that cannot be taken yet (`detail` says what is missing).
  static func notMeasured(_ name: String, target: String, detail: String) -> Figure {
    Figure(
      name: name, result: Verdict.notMeasured.label, target: target, detail: detail,
      verdict: .notMeasured)
  }
}

/// Collects figures and prints them as they come and as a table at the end.
struct Report {
  private(set) var figures: [Figure] = []

  mutating func add(_ figure: Figure) {
    figures.append(figure)
    print("  \(figure.name): \(figure.result)  [target \(figure.target)] \(figure.verdict.label)")
    if !figure.detail.isEmpty { print("      \(figure.detail)") }
  }

  /// A markdown table of every figure, ratios first.
  func table() -> String {
    var lines = [
      "| figure | result | target | verdict | measured (beside it: the limit) |",
      "|---|---|---|---|---|",
    ]
    for f in figures {
      lines.append("| \(f.name) | \(f.result) | \(f.target) | \(f.verdict.label) | \(f.detail) |")
    }
    return lines.joined(separator: "\n")
  }
}

/// Fixed-point text without Foundation: `format(1234.5678, 1)` is `"1234.6"`.
func format(_ value: Double, _ decimals: Int = 0) -> String {
  guard value.isFinite else { return "\(value)" }
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let rounded = (abs(value) * scale).rounded()
  guard rounded < 9.0e18 else { return "\(value)" }
  let whole = Int(rounded / scale)
  let fraction = Int(rounded - Double(whole) * scale)
  var text = (value < 0 && rounded > 0 ? "-" : "") + grouped(whole)
  if decimals > 0 {
    var digits = String(fraction)
    while digits.count < decimals { digits = "0" + digits }
    text += "." + digits
  }
  return text
}

/// An integer with `,` every three digits: `1234567` is `"1,234,567"`.
func grouped(_ value: Int) -> String {
  let digits = String(value.magnitude)
  var out = ""
  for (i, c) in digits.enumerated() {
    if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
    out.append(c)
  }
  return (value < 0 ? "-" : "") + out
}

/// `0.4831` is `"48 %"`.
func percent(_ ratio: Double) -> String {
  format(ratio * 100) + " %"
}
