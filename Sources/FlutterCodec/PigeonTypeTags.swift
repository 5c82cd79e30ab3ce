/// The extension tags a Pigeon-generated codec gives its custom types (protocol/codec.md,
/// "Pigeon"), and the encoding of custom values with them.
///
/// - ``Form/singleCodec`` (Pigeon 20 and later; the overflow since 21.2): one codec per file.
///   Every enum, then every class, in declaration order, numbered from 129 (128 is the
///   instance-manager key of proxy APIs). Numbers 129–254 are tags; a type numbered 255 or more
///   is written with tag 255 and the list `[number − 255, wrapped]`.
/// - ``Form/perAPIAlphabetical`` (before Pigeon 20): one codec per host API holding only the
///   classes that API uses, sorted by name, tagged from 128; enums are not in the codec (they
///   travel as plain int indexes).
///
/// A class is its tag followed by the list of its fields in declaration order; an enum is its
/// tag followed by its index as an int64 (both Dart, since Pigeon 22, and Swift write int64).
public struct PigeonTypeTags: Sendable, Hashable {
  public enum Form: String, Sendable, Hashable {
    case singleCodec
    case perAPIAlphabetical
  }

  public enum Kind: String, Sendable, Hashable {
    case dataClass
    case enumeration
  }

  /// One custom type and its number (its tag unless it overflows).
  public struct Entry: Sendable, Hashable {
    public let name: String
    public let kind: Kind
    public let number: Int
  }

  /// The first number of ``Form/singleCodec``.
  public static let firstNumber = 129
  /// The first tag of ``Form/perAPIAlphabetical``.
  public static let firstLegacyTag = 128
  /// The tag of overflowed types.
  public static let overflowTag: UInt8 = 255

  public let form: Form
  /// In number order.
  public let entries: [Entry]
  private let byName: [String: Entry]
  private let byNumber: [Int: Entry]

  /// The table of a Pigeon 21.2+ file: enums first, then classes, each in declaration order.
  public init(enums: [String], classes: [String]) {
    let kinds = enums.map { ($0, Kind.enumeration) } + classes.map { ($0, Kind.dataClass) }
    self.init(
      form: .singleCodec,
      entries: kinds.enumerated().map {
        Entry(name: $1.0, kind: $1.1, number: Self.firstNumber + $0)
      })
  }

  /// The table of one host API's codec before Pigeon 20: its classes sorted by name, from 128.
  /// `nil` when there are more than 128 (the old codecs had no overflow).
  public init?(perAPIClasses classes: [String]) {
    let sorted = Array(Set(classes)).sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }
    guard sorted.count <= 256 - Self.firstLegacyTag else { return nil }
    self.init(
      form: .perAPIAlphabetical,
      entries: sorted.enumerated().map {
        Entry(name: $1, kind: .dataClass, number: Self.firstLegacyTag + $0)
      })
  }

  private init(form: Form, entries: [Entry]) {
    self.form = form
    self.entries = entries
    self.byName = Dictionary(entries.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    self.byNumber = Dictionary(entries.map { ($0.number, $0) }, uniquingKeysWith: { a, _ in a })
  }

  public func entry(named name: String) -> Entry? { byName[name] }

  // MARK: Encoding

  /// A class value: its tag, then its fields as a list; `nil` when the table has no such class.
  public func encode(_ name: String, fields: [ChannelValue]) -> ChannelValue? {
    guard let entry = byName[name], entry.kind == .dataClass else { return nil }
    return tagged(entry.number, .list(fields))
  }

  /// An enum value: its tag, then its index as an int64; `nil` when the table has no such enum.
  public func encode(_ name: String, enumIndex: Int) -> ChannelValue? {
    guard let entry = byName[name], entry.kind == .enumeration else { return nil }
    return tagged(entry.number, .int64(Int64(enumIndex)))
  }

  private func tagged(_ number: Int, _ wrapped: ChannelValue) -> ChannelValue {
    if let tag = UInt8(exactly: number), tag < Self.overflowTag {
      return .ext(tag: tag, value: wrapped)
    }
    let index = Int64(number - Int(Self.overflowTag))
    return .ext(tag: Self.overflowTag, value: .list([.int64(index), wrapped]))
  }

  // MARK: Decoding

  /// A custom value read back: which type, and its fields (class) or index (enum).
  public enum Decoded: Sendable, Hashable {
    case dataClass(name: String, fields: [ChannelValue])
    /// `index` is `nil` for the tag followed by null, which Dart's generated reader reads as a
    /// null enum value (writers send a plain null instead).
    case enumeration(name: String, index: Int?)
  }

  /// The custom value an extension value stands for. Anything else (not an extension value, an
  /// unknown tag, a payload of the wrong shape) is `unknownCustomType`.
  public func decode(_ value: ChannelValue) throws(PigeonMessageError) -> Decoded {
    guard case .ext(let tag, let payload) = value else {
      throw PigeonMessageError(.unknownCustomType, "not an extension value: \(value.typeName)")
    }
    var number = Int(tag)
    var wrapped = payload
    if tag == Self.overflowTag, form == .singleCodec {
      guard case .list(let pair) = payload, pair.count == 2, let index = pair[0].intValue,
        index >= 0
      else {
        throw PigeonMessageError(
          .unknownCustomType,
          "tag 255 carries a list [index, value] with an int index ≥ 0, not \(payload.typeName)")
      }
      number = Int(Self.overflowTag) + index
      wrapped = pair[1]
    }
    guard let entry = byNumber[number] else {
      throw PigeonMessageError(
        .unknownCustomType,
        "no custom type has number \(number) (this codec knows "
          + "\(entries.first?.number ?? 0)...\(entries.last?.number ?? 0))")
    }
    switch (entry.kind, wrapped) {
    case (.dataClass, .list(let fields)):
      return .dataClass(name: entry.name, fields: fields)
    case (.enumeration, .null):
      return .enumeration(name: entry.name, index: nil)
    case (.enumeration, _):
      guard let index = wrapped.intValue else { break }
      return .enumeration(name: entry.name, index: index)
    default: break
    }
    throw PigeonMessageError(
      .unknownCustomType,
      "\(entry.name) (number \(number)) carries "
        + (entry.kind == .dataClass ? "a list of fields" : "an int index")
        + ", not \(wrapped.typeName)")
  }
}
