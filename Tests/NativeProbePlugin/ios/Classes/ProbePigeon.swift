import Flutter
import Foundation

/// A value with its own type code, as Pigeon generates one: written as type 128 and a list.
struct ProbePoint {
  var x: Int64
  var y: Int64

  static func fromList(_ list: [Any?]) -> ProbePoint {
    ProbePoint(x: list[0] as! Int64, y: list[1] as! Int64)
  }

  func toList() -> [Any?] { [x, y] }
}

/// The reader and writer of a Pigeon codec.
private class ProbePigeonReader: FlutterStandardReader {
  override func readValue(ofType type: UInt8) -> Any? {
    switch type {
    case 128:
      return ProbePoint.fromList(readValue() as! [Any?])
    default:
      return super.readValue(ofType: type)
    }
  }
}

private class ProbePigeonWriter: FlutterStandardWriter {
  override func writeValue(_ value: Any) {
    if let point = value as? ProbePoint {
      writeByte(128)
      super.writeValue(point.toList())
    } else {
      super.writeValue(value)
    }
  }
}

private class ProbePigeonReaderWriter: FlutterStandardReaderWriter {
  override func reader(with data: Data) -> FlutterStandardReader {
    ProbePigeonReader(data: data)
  }

  override func writer(with data: NSMutableData) -> FlutterStandardWriter {
    ProbePigeonWriter(data: data)
  }
}

/// One host API method over a basic message channel: `move` takes [point] and answers
/// [point + (1, 1)], or [code, message, details] for a point with x < 0.
enum ProbePigeonApi {
  static let codec = FlutterStandardMessageCodec(readerWriter: ProbePigeonReaderWriter())

  static func setUp(messenger: FlutterBinaryMessenger) {
    let channel = FlutterBasicMessageChannel(
      name: "dev.flutter.pigeon.native_probe.ProbeApi.move", binaryMessenger: messenger,
      codec: codec)
    channel.setMessageHandler { message, reply in
      let args = message as! [Any?]
      let point = args[0] as! ProbePoint
      if point.x < 0 {
        reply(["NEGATIVE", "x is negative", NSNull()])
      } else {
        reply([ProbePoint(x: point.x + 1, y: point.y + 1)])
      }
    }
  }
}
