import Flutter
import Foundation
import HealthKit

/// The iOS half of mindful_minutes: its own channel API on `MethodChannel('mindful_minutes')`
/// (lib/src/mindful_minutes_api.dart is the Dart half), over HealthKit's mindful sessions
/// (``MindfulSessions``). HealthKit answers on background queues, and so do these replies.
public class MindfulMinutesPlugin: NSObject, FlutterPlugin {
  let sessions = MindfulSessions()

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
        result(sessions.isAvailable)
      case "requestPermissions":
        try MindfulRequest.checkTypes(args["read"], field: "read")
        try MindfulRequest.checkTypes(args["write"], field: "write")
        sessions.requestAccess { Self.answer(result, $0) }
      case "writeRecord":
        try MindfulRequest.checkTypes([args["type"] as Any], field: "type")
        let (start, end) = try MindfulRequest.interval(args)
        try sessions.save(start: start, end: end) { Self.answer(result, $0) }
      case "readRecords":
        try MindfulRequest.checkTypes([args["type"] as Any], field: "type")
        sessions.sessions(
          from: args["start"] as? Int, to: args["end"] as? Int,
          ascending: args["ascending"] as? Bool ?? true
        ) { Self.answer(result, $0) }
      case "deleteRecords":
        guard let uuids = args["uuids"] as? [String] else {
          throw MindfulFailure.invalidArgument("uuids is a list of session uuids")
        }
        sessions.delete(uuids) { Self.answer(result, $0) }
      default:
        result(FlutterMethodNotImplemented)
      }
    } catch let failure as MindfulFailure {
      result(failure.flutterError)
    } catch {
      result(FlutterError(code: "UNEXPECTED", message: "\(error)", details: nil))
    }
  }

  /// The one place a HealthKit answer becomes the call's reply.
  static func answer<Value>(_ result: FlutterResult, _ outcome: Result<Value, MindfulFailure>) {
    switch outcome {
    case .success(let value): result(value)
    case .failure(let failure): result(failure.flutterError)
    }
  }
}
