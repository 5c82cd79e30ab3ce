import ChannelJSON
import FlutterCodec

/// One step of a path into a value: a map key or a list index.
public enum ValuePathStep: Sendable, Hashable {
  case key(String)
  /// A map key that is not a string (printed as its typed JSON).
  case otherKey(String)
  case index(Int)
}

/// The text of a concrete path (protocol/matchers.md): a root name, then `.name` for a string key
/// made of letters, digits and `_` (not starting with a digit), `["any key"]` (a JSON string)
/// for other string keys, `[3]` for a list index and `[{typed JSON}]` for a key that is not a
/// string. Example: `reply.ok[0].uuid`, `call.args["odd key"]`.
public enum ValuePathText {
  public static func text(_ steps: [ValuePathStep]) -> String {
    var out = ""
    for step in steps {
      switch step {
      case .key(let name):
        if out.isEmpty || !isPlainName(name) {
          out += out.isEmpty && isPlainName(name) ? name : "[\(ChannelJSON.print(.string(name)))]"
        } else {
          out += "." + name
        }
      case .otherKey(let json): out += "[\(json)]"
      case .index(let i): out += "[\(i)]"
      }
    }
    return out
  }

  static func isPlainName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
    return name.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
    }
  }
}

/// A path pattern of a matcher: the concrete syntax plus `[*]` (any list index) and `.*` (any
/// map key).
public struct ValuePathPattern: Sendable, Hashable {
  public enum Step: Sendable, Hashable {
    case key(String)
    case index(Int)
    case anyIndex
    case anyKey
  }

  public var steps: [Step]
  public var text: String

  /// Parses a pattern, or says what is wrong with it.
  public static func parse(_ text: String) -> Result<ValuePathPattern, MatcherError> {
    var steps: [Step] = []
    let chars = Array(text.unicodeScalars)
    // JSONPath's "$." root prefix is accepted and means the same.
    var i = text.hasPrefix("$.") ? 2 : 0
    func fail(_ why: String) -> Result<ValuePathPattern, MatcherError> {
      .failure(MatcherError("path \"\(text)\": \(why)"))
    }
    func readName() -> String {
      var name = ""
      while i < chars.count, chars[i] != ".", chars[i] != "[" {
        name.unicodeScalars.append(chars[i])
        i += 1
      }
      return name
    }
    let root = readName()
    guard !root.isEmpty else { return fail("starts with a root name: call, message or reply") }
    steps.append(.key(root))
    while i < chars.count {
      if chars[i] == "." {
        i += 1
        let name = readName()
        if name.isEmpty { return fail("a name must follow \".\" (column \(i + 1))") }
        steps.append(name == "*" ? .anyKey : .key(name))
      } else {
        // "[" … "]"
        i += 1
        guard let close = chars[i...].firstIndex(of: "]") else {
          return fail("\"[\" without \"]\"")
        }
        var inner = ""
        inner.unicodeScalars.append(contentsOf: chars[i..<close])
        if inner.hasPrefix("\"") {
          // A JSON string may hold "]": find the end of the string first.
          var j = i + 1
          while j < chars.count, chars[j] != "\"" { j += chars[j] == "\\" ? 2 : 1 }
          guard j + 1 < chars.count, chars[j + 1] == "]" else {
            return fail("a quoted key ends with \"] (column \(j + 1))")
          }
          var quoted = ""
          quoted.unicodeScalars.append(contentsOf: chars[i...j])
          guard case .string(let key)? = try? ChannelJSON.parse(quoted) else {
            return fail("\(quoted) is not a JSON string")
          }
          steps.append(.key(key))
          i = j + 2
          continue
        }
        if inner == "*" {
          steps.append(.anyIndex)
        } else if let index = Int(inner), index >= 0 {
          steps.append(.index(index))
        } else {
          return fail("[\(inner)]: expected [*], [N] or [\"key\"]")
        }
        i = close + 1
      }
    }
    return .success(ValuePathPattern(steps: steps, text: text))
  }

  /// Whether a concrete path is this pattern.
  public func matches(_ path: [ValuePathStep]) -> Bool {
    guard path.count == steps.count else { return false }
    for (step, concrete) in zip(steps, path) {
      switch (step, concrete) {
      case (.anyIndex, .index), (.anyKey, .key), (.anyKey, .otherKey): continue
      case (.index(let a), .index(let b)) where a == b: continue
      case (.key(let a), .key(let b)) where a == b: continue
      default: return false
      }
    }
    return true
  }
}
