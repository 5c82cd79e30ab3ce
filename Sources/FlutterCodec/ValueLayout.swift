/// ``ChannelValue``'s memory read in place, so that the encoder visits a value without copying
/// its payload: switching over a value's cases copies an array or string payload out of it (a
/// retain and a release), and that was most of an encode's time.
///
/// The layout is the compiler's (64-bit little-endian): two payload words, then a tag byte, the
/// payload cases numbered in declaration order and `.null` after them; an array payload is its
/// storage object (the count 16 bytes in, the elements 32 bytes in); a string payload is the
/// standard library's two words (``SmallStringBits`` for inline strings; a large string stored
/// contiguously holds its count in the first word's low 48 bits and its bytes 32 bytes past the
/// second word's address bits). ``isAvailable`` checks every one of these facts once, on values
/// of every case, and the encoder takes the enum's own paths when any does not hold, as it does
/// for any string that is not stored contiguously (`ValueLayoutTests` pins the facts).
enum ValueLayout {
  /// Whether this build lays values out as described (checked once, on first use).
  static let isAvailable: Bool = SmallStringBits.isAvailable && probe()

  /// The tag byte of each case.
  enum Tag {
    static let bool: UInt8 = 0
    static let int32: UInt8 = 1
    static let int64: UInt8 = 2
    static let largeInt: UInt8 = 3
    static let float64: UInt8 = 4
    static let string: UInt8 = 5
    static let uint8List: UInt8 = 6
    static let int32List: UInt8 = 7
    static let int64List: UInt8 = 8
    static let float32List: UInt8 = 9
    static let float64List: UInt8 = 10
    static let list: UInt8 = 11
    static let map: UInt8 = 12
    static let ext: UInt8 = 13
    static let null: UInt8 = 14
  }

  static let tagOffset = 16
  static let arrayCountOffset = 16
  static let arrayElementsOffset = 32
  static let stringBytesOffset: UInt64 = 32

  @inline(__always)
  static func tag(_ value: UnsafeRawPointer) -> UInt8 {
    value.load(fromByteOffset: tagOffset, as: UInt8.self)
  }

  @inline(__always)
  static func word0(_ value: UnsafeRawPointer) -> UInt64 {
    value.load(as: UInt64.self)
  }

  @inline(__always)
  static func word1(_ value: UnsafeRawPointer) -> UInt64 {
    value.load(fromByteOffset: 8, as: UInt64.self)
  }

  /// The storage object of an array payload (never null: an empty array has one too).
  @inline(__always)
  static func arrayStorage(_ value: UnsafeRawPointer) -> UnsafeRawPointer {
    UnsafeRawPointer(bitPattern: UInt(word0(value)))!
  }

  @inline(__always)
  static func arrayCount(_ storage: UnsafeRawPointer) -> Int {
    storage.load(fromByteOffset: arrayCountOffset, as: Int.self)
  }

  @inline(__always)
  static func arrayElements(_ storage: UnsafeRawPointer) -> UnsafeRawPointer {
    storage + arrayElementsOffset
  }

  /// The bytes of a large string held contiguously (native or a literal); `nil` for an inline
  /// string or any other kind (the caller then takes the standard library's path).
  @inline(__always)
  static func contiguousLargeString(_ w0: UInt64, _ w1: UInt64) -> (UnsafeRawPointer, Int)? {
    // Discriminator: not immortal-small (0x20), not bridged (0x40), not foreign (0x10);
    // count-and-flags: tail-allocated (bit 60).
    guard (w1 &>> 56) & 0x70 == 0, w0 & (1 &<< 60) != 0 else { return nil }
    let address = (w1 & 0x0FFF_FFFF_FFFF_FFFF) &+ stringBytesOffset
    return (UnsafeRawPointer(bitPattern: UInt(address))!, Int(w0 & 0xFFFF_FFFF_FFFF))
  }

  /// The UTF-8 count of a string payload, or `nil` when the string is neither inline nor
  /// contiguous.
  @inline(__always)
  static func stringCount(_ value: UnsafeRawPointer) -> Int? {
    let w0 = word0(value)
    let w1 = word1(value)
    if let inline = SmallStringBits.inlineCount((w0, w1)) { return inline }
    return contiguousLargeString(w0, w1)?.1
  }

  // MARK: The check

  /// Every fact the encoder reads memory by, checked on a value of each case.
  static func probe() -> Bool {
    guard MemoryLayout<ChannelValue>.size == tagOffset + 1,
      MemoryLayout<ChannelMapEntry>.offset(of: \.key) == 0
    else { return false }
    let native = String(repeating: "n", count: 40)
    let literal = "a large string literal, longer than fifteen bytes"
    let samples: [(ChannelValue, UInt8)] = [
      (.null, Tag.null), (.bool(true), Tag.bool), (.int32(-2), Tag.int32),
      (.int64(0x1122_3344_5566_7788), Tag.int64), (.largeInt("ff"), Tag.largeInt),
      (.float64(1.5), Tag.float64), (.string("short"), Tag.string),
      (.string(native), Tag.string), (.string(literal), Tag.string),
      (.uint8List([1, 2, 3]), Tag.uint8List), (.int32List([1]), Tag.int32List),
      (.int64List([1, 2]), Tag.int64List), (.float32List([]), Tag.float32List),
      (.float64List([1]), Tag.float64List), (.list([.null, .bool(false)]), Tag.list),
      (.map([ChannelMapEntry(.null, .int32(1))]), Tag.map), (.ext(tag: 130, value: .null), Tag.ext),
    ]
    for (value, expectedTag) in samples {
      guard withUnsafePointer(to: value, { holds(value, at: UnsafeRawPointer($0), expectedTag) })
      else { return false }
    }
    return true
  }

  /// Whether the memory at `raw` reads back as `value`.
  private static func holds(_ value: ChannelValue, at raw: UnsafeRawPointer, _ expectedTag: UInt8)
    -> Bool
  {
    guard tag(raw) == expectedTag else { return false }
    switch value {
    case .null: return word0(raw) == 0 && word1(raw) == 0
    case .bool(let b): return raw.load(as: Bool.self) == b
    case .int32(let v): return raw.load(as: Int32.self) == v
    case .int64(let v): return raw.load(as: Int64.self) == v
    case .float64(let d): return word0(raw) == d.bitPattern
    case .string(let s), .largeInt(let s): return holds(s, at: raw)
    case .uint8List(let l): return holds(l, at: raw)
    case .int32List(let l): return holds(l, at: raw)
    case .int64List(let l): return holds(l, at: raw)
    case .float32List(let l): return holds(l, at: raw)
    case .float64List(let l): return holds(l, at: raw)
    case .list(let l): return holds(l, at: raw)
    case .map(let m): return holds(m, at: raw)
    case .ext: return true
    }
  }

  private static func holds(_ string: String, at raw: UnsafeRawPointer) -> Bool {
    let words = SmallStringBits.words(string)
    guard word0(raw) == words.0, word1(raw) == words.1 else { return false }
    if string.utf8.count < 16 { return stringCount(raw) == string.utf8.count }
    guard let (start, count) = contiguousLargeString(words.0, words.1) else { return false }
    var copy = string
    return copy.withUTF8 { UnsafeRawPointer($0.baseAddress) == start && $0.count == count }
  }

  private static func holds<T>(_ array: [T], at raw: UnsafeRawPointer) -> Bool {
    let storage = arrayStorage(raw)
    return array.withUnsafeBufferPointer { buffer in
      arrayCount(storage) == buffer.count
        && (buffer.isEmpty || UnsafeRawPointer(buffer.baseAddress) == arrayElements(storage))
    }
  }
}
