import Flutter
import Foundation

// Code shaped like Pigeon's generated Swift (written for these tests): a data class written with
// its own tag (129) as a list of its fields, a reader/writer/readerWriter trio, a codec subclass
// with a shared instance, one basic message channel per host API method.

// Older Pigeon versions make FlutterError an Error in the generated file.
extension FlutterError: Error {}

private func nilOrValue<T>(_ value: Any?) -> T? {
  if value is NSNull { return nil }
  return value as! T?
}

/// An enum, written as its raw value with its own tag (130).
public enum PointKind: Int {
  case plain = 0
  case marked = 1
}

public struct PointMessage: Equatable {
  public var x: Int64
  public var y: Double?

  public init(x: Int64, y: Double?) {
    self.x = x
    self.y = y
  }

  static func fromList(_ list: [Any?]) -> PointMessage? {
    guard let x = list[0] as? Int64 else { return nil }
    return PointMessage(x: x, y: list[1] as? Double)
  }

  func toList() -> [Any?] { [x, y] }
}

private class PointReader: FlutterStandardReader {
  override func readValue(ofType type: UInt8) -> Any? {
    switch type {
    case 129:
      return PointMessage.fromList(self.readValue() as! [Any?])
    case 130:
      let enumResultAsInt: Int? = nilOrValue(self.readValue() as! Int?)
      if let enumResultAsInt = enumResultAsInt {
        return PointKind(rawValue: enumResultAsInt)
      }
      return nil
    default:
      return super.readValue(ofType: type)
    }
  }
}

private class PointWriter: FlutterStandardWriter {
  override func writeValue(_ value: Any) {
    if let value = value as? PointMessage {
      super.writeByte(129)
      super.writeValue(value.toList())
    } else if let value = value as? PointKind {
      super.writeByte(130)
      super.writeValue(value.rawValue)
    } else {
      super.writeValue(value)
    }
  }
}

private class PointReaderWriter: FlutterStandardReaderWriter {
  override func reader(with data: Data) -> FlutterStandardReader {
    return PointReader(data: data)
  }

  override func writer(with data: NSMutableData) -> FlutterStandardWriter {
    return PointWriter(data: data)
  }
}

public class PointCodec: FlutterStandardMessageCodec, @unchecked Sendable {
  public static let shared = PointCodec(readerWriter: PointReaderWriter())
}

/// The host API: flips a point (x stays, y negated).
public protocol PointHostApi {
  func flip(point: PointMessage, completion: @escaping (Result<PointMessage, Error>) -> Void)
}

public enum PointHostApiSetup {
  public static let flipChannel = "dev.flutter.pigeon.test.PointHostApi.flip"

  public static func setUp(binaryMessenger: FlutterBinaryMessenger, api: PointHostApi?) {
    let channel = FlutterBasicMessageChannel(
      name: flipChannel, binaryMessenger: binaryMessenger, codec: PointCodec.shared)
    guard let api = api else {
      channel.setMessageHandler(nil)
      return
    }
    channel.setMessageHandler { message, reply in
      let args = message as! [Any?]
      let point = args[0] as! PointMessage
      api.flip(point: point) { result in
        switch result {
        case .success(let flipped):
          reply([flipped])
        case .failure(let error):
          reply(["\(error)", nil, nil])
        }
      }
    }
  }
}

/// Flips synchronously.
public final class Flipper: PointHostApi {
  public init() {}

  public func flip(point: PointMessage, completion: @escaping (Result<PointMessage, Error>) -> Void)
  {
    completion(.success(PointMessage(x: point.x, y: point.y.map { -$0 })))
  }
}
