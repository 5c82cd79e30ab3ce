import Flutter
import Foundation

/// The event channel's stream: `listen` sends "listening" at once (inside onListen, before the
/// reply); `emit` calls send each item: "end" ends the stream, {"error": code} is an error
/// event, anything else an event.
final class ProbeStream: NSObject, FlutterStreamHandler {
  private var sink: FlutterEventSink?

  func onListen(withArguments arguments: Any?, eventSink events: @escaping FlutterEventSink)
    -> FlutterError?
  {
    if arguments as? String == "refuse" {
      return FlutterError(code: "PROBE_REFUSED", message: "not now", details: nil)
    }
    sink = events
    events("listening")
    return nil
  }

  func onCancel(withArguments arguments: Any?) -> FlutterError? {
    sink = nil
    return nil
  }

  func send(_ item: Any) {
    guard let sink else { return }
    if item as? String == "end" {
      sink(FlutterEndOfEventStream)
      self.sink = nil
    } else if let error = (item as? [String: Any])?["error"] as? String {
      sink(FlutterError(code: error, message: "an error event", details: nil))
    } else {
      sink(item)
    }
  }
}
