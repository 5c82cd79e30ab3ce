import Flutter
import Foundation

/// A plugin written the way iOS plugin code is, compiled in Swift 5 language mode as a native host
/// compiles plugins: a method channel through `addMethodCallDelegate`, a result answered later
/// from another queue (capturing the non-Sendable `FlutterResult`), an event channel on a
/// background task queue, a published instance.
public class EchoPlugin: NSObject, FlutterPlugin {
  public static let channelName = "test/echo"
  public static let eventChannelName = "test/echo/events"
  public let ticker = Ticker()

  public static func register(with registrar: FlutterPluginRegistrar) {
    let messenger = registrar.messenger()
    let instance = EchoPlugin()
    let channel = FlutterMethodChannel(name: channelName, binaryMessenger: messenger)
    registrar.addMethodCallDelegate(instance, channel: channel)
    let taskQueue = messenger.makeBackgroundTaskQueue?()
    let events = FlutterEventChannel(
      name: eventChannelName, binaryMessenger: messenger,
      codec: FlutterStandardMethodCodec.sharedInstance(), taskQueue: taskQueue)
    events.setStreamHandler(instance.ticker)
    registrar.publish(instance)
  }

  public func handle(_ call: FlutterMethodCall, result: @escaping FlutterResult) {
    switch call.method {
    case "echo":
      result(call.arguments)
    case "sum":
      guard let args = call.arguments as? [String: Any], let a = args["a"] as? Int,
        let b = args["b"] as? Double
      else {
        result(FlutterError(code: "bad-args", message: "a: Int and b: Double", details: nil))
        return
      }
      result(Double(a) + b)
    case "later":
      DispatchQueue.global().async {
        result("done")
      }
    case "sample":
      // A reply built the way the health plugin builds its samples: an NSDictionary literal
      // with an optional that may be nil and a millisecond timestamp.
      let unit: String? = nil
      let sample: NSDictionary = [
        "date_from": Int(1_700_000_000_000),
        "unit": unit as Any,
        "source": ("watch" as String?) as Any,
      ]
      result([sample])
    case "twice":
      result(1)
      result(2)
    default:
      result(FlutterMethodNotImplemented)
    }
  }
}

/// The event stream of `EchoPlugin`: it keeps the sink so that a test can send events.
public class Ticker: NSObject, FlutterStreamHandler {
  public private(set) var sink: FlutterEventSink?
  public private(set) var listens: [Any?] = []
  public private(set) var cancels: [Any?] = []
  public var refuseListen: FlutterError?

  public func onListen(withArguments arguments: Any?, eventSink events: @escaping FlutterEventSink)
    -> FlutterError?
  {
    listens.append(arguments)
    if let refuseListen { return refuseListen }
    sink = events
    return nil
  }

  public func onCancel(withArguments arguments: Any?) -> FlutterError? {
    cancels.append(arguments)
    sink = nil
    return nil
  }
}

/// A plugin that declares no `handle`: its channel answers every call as not implemented.
public class QuietPlugin: NSObject, FlutterPlugin {
  public static func register(with registrar: FlutterPluginRegistrar) {
    let channel = FlutterMethodChannel(name: "test/quiet", binaryMessenger: registrar.messenger())
    registrar.addMethodCallDelegate(QuietPlugin(), channel: channel)
  }
}
