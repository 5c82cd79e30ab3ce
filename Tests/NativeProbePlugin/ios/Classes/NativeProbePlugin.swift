import Dispatch
import Flutter
import Foundation

/// The test plugin's entry: a method channel `native_probe` answered by `handle`, a method
/// channel on a background task queue, an event channel and a Pigeon-style message channel.
public class NativeProbePlugin: NSObject, FlutterPlugin {
  let channel: FlutterMethodChannel
  let events = ProbeStream()

  init(channel: FlutterMethodChannel) {
    self.channel = channel
  }

  public static func register(with registrar: FlutterPluginRegistrar) {
    let messenger = registrar.messenger()
    let channel = FlutterMethodChannel(name: "native_probe", binaryMessenger: messenger)
    let instance = NativeProbePlugin(channel: channel)
    registrar.addMethodCallDelegate(instance, channel: channel)

    let eventChannel = FlutterEventChannel(name: "native_probe/events", binaryMessenger: messenger)
    eventChannel.setStreamHandler(instance.events)

    let queue = messenger.makeBackgroundTaskQueue?()
    let queued = FlutterMethodChannel(
      name: "native_probe/queued", binaryMessenger: messenger,
      codec: FlutterStandardMethodCodec.sharedInstance(), taskQueue: queue)
    queued.setMethodCallHandler { call, result in
      result(["method": call.method, "onMain": Thread.isMainThread])
    }

    ProbePigeonApi.setUp(messenger: messenger)
  }

  public func handle(_ call: FlutterMethodCall, result: @escaping FlutterResult) {
    switch call.method {
    case "onMain":
      result(Thread.isMainThread)
    case "echo":
      result(call.arguments)
    case "casts":
      result(ProbeCasts.describe(call.arguments))
    case "map":
      result(Dictionary(uniqueKeysWithValues: (0..<8).map { ("k\($0)", $0) }))
    case "encodings":
      result(ProbeEncodings.values)
    case "fail":
      result(FlutterError(code: "PROBE_FAILED", message: "asked to fail", details: ["n": 1]))
    case "later":
      // Answered from a background queue after `ms`: replies leave out of request order.
      let ms = (call.arguments as? [String: Any])?["ms"] as? Int ?? 0
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(ms)) {
        result(ms)
      }
    case "never":
      break
    case "twice":
      result(1)
      result(2)
    case "emit":
      // Each event of the list, then the reply: the events leave first.
      for item in call.arguments as? [Any] ?? [] { events.send(item) }
      result(nil)
    case "askDart":
      channel.invokeMethod("fromSwift", arguments: call.arguments) { reply in
        if let error = reply as? FlutterError {
          result(["error": error.code])
        } else if (reply as? NSObject) === FlutterMethodNotImplemented {
          result("notImplemented")
        } else {
          result(["ok": reply ?? NSNull()])
        }
      }
    default:
      result(FlutterMethodNotImplemented)
    }
  }
}
