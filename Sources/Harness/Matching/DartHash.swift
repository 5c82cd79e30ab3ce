import FlutterCodec

/// A hash of a channel value that agrees with ``DartEquality``: values Dart finds equal hash
/// alike (numbers by value, maps whatever their order).
enum DartHash {
  static func value(_ v: ChannelValue) -> Int {
    var hasher = Hasher()
    combine(v, into: &hasher)
    return hasher.finalize()
  }

  static func entryHash(_ entry: ChannelMapEntry) -> Int {
    var inner = Hasher()
    combine(entry.key, into: &inner)
    combine(entry.value, into: &inner)
    return inner.finalize()
  }

  static func combine(_ v: ChannelValue, into hasher: inout Hasher) {
    if let number = DartEquality.number(v) {
      hasher.combine(1)
      switch number {
      case .integer(let i): hasher.combine(i)
      case .bigInteger(let text): hasher.combine(text)
      case .double(let d):
        if let exact = Int64(exactly: d) {
          hasher.combine(exact)
        } else {
          hasher.combine(d.isNaN ? Double.nan.bitPattern : d.bitPattern)
        }
      }
      return
    }
    switch v {
    case .null: hasher.combine(2)
    case .bool(let b): hasher.combine(b ? 3 : 4)
    case .string(let s):
      hasher.combine(5)
      hasher.combine(s)
    case .list(let items):
      hasher.combine(6)
      hasher.combine(items.count)
      for item in items { combine(item, into: &hasher) }
    case .map(let entries):
      // Dart equality ignores order and a repeated key's earlier values: a sum over the last
      // entry of each key.
      hasher.combine(7)
      let keys = MapKeyIndex(entries)
      var sum = 0
      for index in entries.indices where keys.isLast(index) {
        sum &+= entryHash(entries[index])
      }
      hasher.combine(sum)
    case .ext(let tag, let inner):
      hasher.combine(8)
      hasher.combine(tag)
      combine(inner, into: &hasher)
    default:
      // Typed lists (and anything else): by kind only; equality decides.
      hasher.combine(9)
      hasher.combine(v.typeName)
    }
  }
}
