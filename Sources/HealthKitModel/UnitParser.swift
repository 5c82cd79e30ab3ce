/// Parser for HealthKit unit strings.
///
/// Grammar (multiplication binds tighter than division, as Apple documents; divisions chain):
///
///     expr    := product ('/' product)*
///     product := factor (('*' | '.') factor)*
///     factor  := primary ('^' '-'? digits)?
///     primary := atom | '(' expr ')'
///     atom    := named unit | prefix + SI unit | prefix? 'mol<' molar mass '>'
///
/// A `degC`/`degF` inside a compound unit counts as a temperature difference (no offset).
public enum UnitParser {
  static let maximumDepth = 16
  static let maximumExponent = 12

  public static func parse(_ text: String) throws(ModelError) -> HealthUnit {
    var parser = Parser(text: text)
    let term = try parser.expression(depth: 0)
    guard parser.atEnd else {
      throw parser.error("an operator (*, ., /, ^) or the end of the unit")
    }
    guard term.factor.isFinite, term.factor > 0 else {
      throw .invalidUnit(
        unit: text, position: 0, expected: "a unit whose size fits a Double (not 0 or infinite)")
    }
    let offset = term.single ? term.offset : 0
    return HealthUnit(text: text, factor: term.factor, offset: offset, dimension: term.dimension)
  }

  struct Term {
    var factor: Double
    var offset: Double
    var dimension: Dimension
    /// True while the term is one atom, unraised (only then does an offset apply).
    var single: Bool

    func times(_ other: Term) -> Term? {
      guard let product = dimension.multiplied(by: other.dimension) else { return nil }
      return Term(factor: factor * other.factor, offset: 0, dimension: product, single: false)
    }

    func raised(to power: Int) -> Term? {
      guard let raised = dimension.raised(to: power) else { return nil }
      var value = 1.0
      for _ in 0..<abs(power) { value *= factor }
      return Term(
        factor: power < 0 ? 1 / value : value, offset: 0, dimension: raised, single: false)
    }
  }

  struct Parser {
    let text: String
    let chars: [Character]
    var position = 0

    init(text: String) {
      self.text = text
      self.chars = Array(text)
    }

    var atEnd: Bool { position >= chars.count }
    var current: Character? { atEnd ? nil : chars[position] }

    func tooLarge() -> ModelError {
      error("a unit whose exponents stay within ±\(Dimension.exponentLimit)")
    }

    func error(_ expected: String) -> ModelError {
      .invalidUnit(unit: text, position: position, expected: expected)
    }

    mutating func expression(depth: Int) throws(ModelError) -> Term {
      var result = try product(depth: depth)
      while current == "/" {
        position += 1
        let divisor = try product(depth: depth)
        guard let quotient = divisor.raised(to: -1).flatMap(result.times) else {
          throw tooLarge()
        }
        result = quotient
      }
      return result
    }

    mutating func product(depth: Int) throws(ModelError) -> Term {
      var result = try factor(depth: depth)
      while current == "*" || current == "." {
        position += 1
        guard let product = result.times(try factor(depth: depth)) else { throw tooLarge() }
        result = product
      }
      return result
    }

    mutating func factor(depth: Int) throws(ModelError) -> Term {
      let base = try primary(depth: depth)
      guard current == "^" else { return base }
      let caret = position
      position += 1
      var negative = false
      if current == "-" {
        negative = true
        position += 1
      }
      var digits = ""
      while let character = current, character.isASCII, character.isNumber {
        digits.append(character)
        position += 1
      }
      guard let magnitude = Int(digits), magnitude <= UnitParser.maximumExponent else {
        position = caret
        throw error(
          "an integer exponent from -\(UnitParser.maximumExponent) to \(UnitParser.maximumExponent) after '^'"
        )
      }
      guard let raised = base.raised(to: negative ? -magnitude : magnitude) else {
        position = caret
        throw tooLarge()
      }
      return raised
    }

    mutating func primary(depth: Int) throws(ModelError) -> Term {
      if current == "(" {
        guard depth < UnitParser.maximumDepth else {
          throw error("at most \(UnitParser.maximumDepth) nested parentheses")
        }
        position += 1
        let inner = try expression(depth: depth + 1)
        guard current == ")" else { throw error("')'") }
        position += 1
        var term = inner
        term.single = false
        return term
      }
      return try atom()
    }

    mutating func atom() throws(ModelError) -> Term {
      let start = position
      var symbol = ""
      while let character = current, character.isLetter || character == "_" || character == "%" {
        symbol.append(character)
        position += 1
      }
      guard !symbol.isEmpty else {
        throw error("a unit such as g, m, L, s, count, %, or '('")
      }
      if current == "<" {
        return try molarAtom(symbol: symbol, start: start)
      }
      if let unit = UnitTable.bySymbol[symbol] {
        return Term(
          factor: unit.factor, offset: unit.offset, dimension: unit.dimension, single: true)
      }
      for prefix in UnitTable.prefixes where symbol.hasPrefix(prefix.symbol) {
        let rest = String(symbol.dropFirst(prefix.symbol.count))
        if let unit = UnitTable.bySymbol[rest], unit.prefixable {
          return Term(
            factor: prefix.factor * unit.factor, offset: 0, dimension: unit.dimension,
            single: true)
        }
      }
      position = start
      throw error(
        "a known unit (g, m, L, Pa, s, J, K, S, mol<M>, count, %, kcal, lb, degC, ...)"
          + " instead of '\(symbol)'")
    }

    /// `mol<180.15588000005408>` with an optional prefix: a mass of `molar mass` grams per mole.
    mutating func molarAtom(symbol: String, start: Int) throws(ModelError) -> Term {
      var prefixFactor = 1.0
      if symbol != "mol" {
        guard symbol.hasSuffix("mol"),
          let prefix = UnitTable.prefixes.first(where: { $0.symbol + "mol" == symbol })
        else {
          position = start
          throw error("'mol<molar mass>' (with an optional SI prefix) before '<'")
        }
        prefixFactor = prefix.factor
      }
      position += 1
      let numberStart = position
      var number = ""
      while let character = current, character != ">" {
        number.append(character)
        position += 1
      }
      guard current == ">" else { throw error("'>' closing the molar mass") }
      guard let molarMass = Double(number), molarMass.isFinite, molarMass > 0,
        number.allSatisfy({
          $0.isASCII
            && ($0.isNumber || $0 == "." || $0 == "e" || $0 == "E" || $0 == "-" || $0 == "+")
        })
      else {
        position = numberStart
        throw error("a positive molar mass in g/mol, e.g. mol<180.15588000005408>")
      }
      position += 1
      return Term(
        factor: prefixFactor * molarMass, offset: 0, dimension: Dimension([.mass: 1]),
        single: true)
    }
  }
}
