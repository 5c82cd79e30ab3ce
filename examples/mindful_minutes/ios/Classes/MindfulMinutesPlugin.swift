import Dispatch
import Flutter
import Foundation

/// The iOS half of mindful_minutes: its own channel API on `MethodChannel('mindful_minutes')`
/// (lib/src/mindful_minutes_api.dart is the Dart half). Until hkbridge offers `import HealthKit`
/// the sessions are kept in memory by ``MindfulStore``; the channel API stays the same when they
/// move to HKHealthStore.
public class MindfulMinutesPlugin: NSObject, FlutterPlugin {
  let store = MindfulStore()

  public static func register(with registrar: FlutterPluginRegistrar) {
    let channel = FlutterMethodChannel(
      name: "mindful_minutes", binaryMessenger: registrar.messenger())
    registrar.addMethodCallDelegate(MindfulMinutesPlugin(), channel: channel)
  }

  public func handle(_ call: FlutterMethodCall, result: @escaping FlutterResult) {
    let args = call.arguments as? [String: Any] ?? [:]
    do {
      switch call.method {
      case "isAvailable":
        result(true)
      case "requestPermissions":
        try MindfulRequest.checkTypes(args["read"], field: "read")
        try MindfulRequest.checkTypes(args["write"], field: "write")
        // As HealthKit's requestAuthorization: the answer comes on a background queue.
        let store = self.store
        DispatchQueue.global().async {
          store.grant()
          result(true)
        }
      case "writeRecord":
        try MindfulRequest.checkTypes([args["type"] as Any], field: "type")
        let (start, end) = try MindfulRequest.interval(args)
        result(try store.save(start: start, end: end).channelValue)
      case "readRecords":
        try MindfulRequest.checkTypes([args["type"] as Any], field: "type")
        let ascending = args["ascending"] as? Bool ?? true
        let sessions = store.sessions(
          from: args["start"] as? Int, to: args["end"] as? Int, ascending: ascending)
        result(sessions.map(\.record))
      case "deleteRecords":
        guard let uuids = args["uuids"] as? [String] else {
          throw MindfulFailure.invalidArgument("uuids is a list of session uuids")
        }
        result(try store.delete(uuids))
      default:
        result(FlutterMethodNotImplemented)
      }
    } catch let failure as MindfulFailure {
      result(failure.flutterError)
    } catch {
      result(FlutterError(code: "UNEXPECTED", message: "\(error)", details: nil))
    }
  }
}
