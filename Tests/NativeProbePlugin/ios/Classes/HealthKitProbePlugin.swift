import Flutter
import HealthKit
import UIKit

/// The native host's HealthKit test plugin: its handler writes and reads through
/// `HKHealthStore`, as a health plugin's iOS code does, so a test can check that the plugin and
/// the profiles served beside it see one store.
public class HealthKitProbePlugin: NSObject, FlutterPlugin {
  let healthStore = HKHealthStore()

  public static func register(with registrar: FlutterPluginRegistrar) {
    let channel = FlutterMethodChannel(
      name: "native_probe/healthkit", binaryMessenger: registrar.messenger())
    registrar.addMethodCallDelegate(HealthKitProbePlugin(), channel: channel)
    let changes = FlutterEventChannel(
      name: "native_probe/healthkit/changes", binaryMessenger: registrar.messenger())
    changes.setStreamHandler(StepsObserver())
  }

  public func handle(_ call: FlutterMethodCall, result: @escaping FlutterResult) {
    switch call.method {
    case "saveSteps": saveSteps(call.arguments, result: result)
    case "countSteps": countSteps(result: result)
    case "systemVersion": result(UIDevice.current.systemVersion)
    default: result(FlutterMethodNotImplemented)
    }
  }

  /// `{count, startMs, endMs}`: asks to share and read steps, saves one step sample, answers its
  /// uuid.
  func saveSteps(_ arguments: Any?, result: @escaping FlutterResult) {
    guard let args = arguments as? [String: Any], let count = args["count"] as? Double,
      let start = args["startMs"] as? Int, let end = args["endMs"] as? Int
    else {
      result(
        FlutterError(code: "ARGS", message: "saveSteps takes count, startMs, endMs", details: nil))
      return
    }
    let steps = HKQuantityType.quantityType(forIdentifier: .stepCount)!
    healthStore.requestAuthorization(toShare: [steps], read: [steps]) { _, error in
      if let error = error {
        result(FlutterError(code: "AUTH", message: error.localizedDescription, details: nil))
        return
      }
      let sample = HKQuantitySample(
        type: steps, quantity: HKQuantity(unit: .count(), doubleValue: count),
        start: Date(timeIntervalSince1970: Double(start) / 1000),
        end: Date(timeIntervalSince1970: Double(end) / 1000))
      self.healthStore.save(sample) { saved, error in
        DispatchQueue.main.async {
          if saved {
            result(sample.uuid.uuidString)
          } else {
            result(FlutterError(code: "SAVE", message: error?.localizedDescription, details: nil))
          }
        }
      }
    }
  }

  /// The number of step samples the app may read.
  func countSteps(result: @escaping FlutterResult) {
    let steps = HKQuantityType.quantityType(forIdentifier: .stepCount)!
    let query = HKSampleQuery(
      sampleType: steps, predicate: nil, limit: HKObjectQueryNoLimit, sortDescriptors: nil
    ) { _, samples, error in
      DispatchQueue.main.async {
        if let error = error {
          result(FlutterError(code: "QUERY", message: error.localizedDescription, details: nil))
        } else {
          result(samples?.count ?? 0)
        }
      }
    }
    healthStore.execute(query)
  }
}

/// `native_probe/healthkit/changes`: an observer query on steps; each time its update handler
/// runs (once at start, then after each change), the event "steps" goes to Dart from the main
/// queue, as plugins hand their events over.
class StepsObserver: NSObject, FlutterStreamHandler {
  let healthStore = HKHealthStore()
  var query: HKObserverQuery?

  func onListen(withArguments arguments: Any?, eventSink events: @escaping FlutterEventSink)
    -> FlutterError?
  {
    let steps = HKQuantityType.quantityType(forIdentifier: .stepCount)!
    let query = HKObserverQuery(sampleType: steps, predicate: nil) { _, completion, _ in
      DispatchQueue.main.async { events("steps") }
      completion()
    }
    self.query = query
    healthStore.execute(query)
    return nil
  }

  func onCancel(withArguments arguments: Any?) -> FlutterError? {
    if let query = query { healthStore.stop(query) }
    query = nil
    return nil
  }
}
