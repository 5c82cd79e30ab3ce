/// A place in a JSON document, written the way error messages show it: `$.args.ids[2]`,
/// `$["odd key"]`.
struct JSONPath: Sendable {
  enum Component: Sendable {
    case key(String)
    case index(Int)
  }

  private(set) var components: [Component] = []

  mutating func push(_ component: Component) { components.append(component) }
  mutating func pop() { components.removeLast() }

  var text: String {
    var out = "$"
    for component in components {
      switch component {
      case .index(let i):
        out += "[\(i)]"
      case .key(let key):
        if Self.isPlainName(key) {
          out += "." + key
        } else {
          out += "["
          JSONWriter.appendString(key, to: &out)
          out += "]"
        }
      }
    }
    return out
  }

  /// Letters, digits, `_` and `$`, not starting with a digit: written after a dot.
  private static func isPlainName(_ key: String) -> Bool {
    guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
    else { return false }
    return key.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
        return true
      default:
        return false
      }
    }
  }
}
