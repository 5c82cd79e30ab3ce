/// Pigeon's host-API wire format over the standard message codec (protocol/codec.md, "Pigeon").
///
/// A Pigeon host API is one BasicMessageChannel per method, named by ``channelName(package:api:method:suffix:)``.
/// Dart sends the arguments as one list `[arg0, …]` (no arguments: no payload at all); the host
/// replies `[result]` on success and `[code, message, details]` on error. Custom classes and
/// enums travel as extension values, tagged by a ``PigeonTypeTags`` table. The codec reads
/// extension tags (128–255) and knows nothing of any plugin.
public struct PigeonCodec: Sendable {
  /// The standard message codec with extension tags on.
  public let messageCodec = StandardMessageCodec(allowsExtensions: true)

  public init() {}

  /// `dev.flutter.pigeon.<package>.<Api>.<method>`, plus `.<suffix>` when the suffix is not
  /// empty (Pigeon 18 and later; before 10.1.4 the package was not part of the name).
  public static func channelName(
    package: String, api: String, method: String, suffix: String = ""
  ) -> String {
    let name = "dev.flutter.pigeon.\(package).\(api).\(method)"
    return suffix.isEmpty ? name : "\(name).\(suffix)"
  }

  // MARK: Requests

  /// The arguments of a request: a null or empty payload (Dart's `send(null)` for a method
  /// without parameters) and an encoded `null` are no arguments; otherwise the payload must be
  /// one list.
  public func decodeArguments(_ payload: [UInt8]?) throws(PigeonMessageError) -> [ChannelValue] {
    guard let payload, !payload.isEmpty else { return [] }
    let value: ChannelValue
    do {
      value = try messageCodec.decode(payload)
    } catch {
      throw PigeonMessageError(.undecodable, "the payload is not a standard message: \(error)")
    }
    switch value {
    case .null: return []
    case .list(let arguments): return arguments
    default:
      throw PigeonMessageError(
        .notAList,
        "a Pigeon request is a list of arguments [arg0, ...], not \(value.typeName)")
    }
  }

  /// The payload Dart's generated code sends: `nil` for no arguments, else the list.
  public func encodeArguments(_ arguments: [ChannelValue]) -> [UInt8]? {
    arguments.isEmpty ? nil : messageCodec.encode(.list(arguments))
  }

  // MARK: Replies

  /// `[result]` (a method returning nothing replies `[null]`).
  public func encodeSuccess(_ result: ChannelValue) -> [UInt8] {
    messageCodec.encode(.list([result]))
  }

  /// `[code, message, details]`.
  public func encodeError(code: String, message: String?, details: ChannelValue) -> [UInt8] {
    messageCodec.encode(.list([.string(code), message.map(ChannelValue.string) ?? .null, details]))
  }

  /// What Dart's generated code makes of reply bytes (protocol/codec.md, "Pigeon").
  public func decodeReply(_ bytes: [UInt8]?) throws(PigeonMessageError) -> PigeonReply {
    guard let bytes else { return .noConnection }
    let value: ChannelValue
    do {
      value = try messageCodec.decode(bytes)
    } catch {
      throw PigeonMessageError(.undecodable, "the reply is not a standard message: \(error)")
    }
    guard case .list(let items) = value else {
      throw PigeonMessageError(
        .notAList, "a Pigeon reply is [result] or [code, message, details], not \(value.typeName)")
    }
    switch items.count {
    case 0: return .success(.null)
    case 1: return .success(items[0])
    case 3:
      guard case .string(let code) = items[0] else { break }
      switch items[1] {
      case .null: return .error(code: code, message: nil, details: items[2])
      case .string(let message): return .error(code: code, message: message, details: items[2])
      default: break
      }
    default: break
    }
    throw PigeonMessageError(
      .notAReply,
      "a Pigeon reply is [result] or [code (string), message (string or null), details], "
        + "not a list of \(items.count)")
  }
}

/// A Pigeon reply as Dart's generated code reads it.
public enum PigeonReply: Sendable, Hashable {
  /// `[result]` (`[]`, which Dart-side handlers send for void methods, reads as `null`).
  case success(ChannelValue)
  /// `[code, message, details]`: Dart throws `PlatformException(code, message, details)`.
  case error(code: String, message: String?, details: ChannelValue)
  /// A null reply (no handler): Dart throws `PlatformException('channel-error', …)`.
  case noConnection
}

/// Bytes that are not a Pigeon message.
public struct PigeonMessageError: Error, Sendable, Hashable, CustomStringConvertible {
  public enum Kind: String, Sendable, Hashable {
    /// The bytes are not one standard-codec value.
    case undecodable
    /// The value is not a list.
    case notAList
    /// A reply list that is neither `[result]` nor `[code, message, details]`.
    case notAReply
    /// An extension value whose tag no type of the table has, or whose payload is not what its
    /// type needs (a field list for a class, an int for an enum, `[index, value]` for tag 255).
    case unknownCustomType
  }

  public var kind: Kind
  public var message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}
