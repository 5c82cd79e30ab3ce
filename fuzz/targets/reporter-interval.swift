import FlutterCodec

/// Fuzz target "reporter-interval": the `health_kit_reporter` profile's interval arguments, the
/// input the arguments of the statistics collection listen (anchorTimestamp, enumerateFrom,
/// enumerateTo, intervalComponents) and of `statisticsQuery`, over stored steps, read granted;
/// a save follows. No trap, every reply and event an envelope (fuzz/targets/QueryFuzz.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let steps = "HKQuantityTypeIdentifierStepCount"
  let setup: [(channel: String, call: MethodCall)] = [
    (
      "health_kit_reporter_method_channel",
      MethodCall(
        "requestAuthorization",
        .object([("toRead", .list([.string(steps)])), ("toWrite", .list([.string(steps)]))]))
    ),
    QueryFuzzCalls.steps(0, source: "com.other.app"),
  ]
  let cases = [
    ("health_kit_reporter_event_channel_statistics_collection_query", "listen"),
    ("health_kit_reporter_method_channel", "statisticsQuery"),
  ]
  for (channel, method) in cases {
    fuzzQuery(
      data, size,
      QueryFuzzCase(
        profiles: ["health_kit_reporter"], setup: setup, channel: channel, method: method,
        changes: [QueryFuzzCalls.steps(3, source: "com.other.app")]))
  }
  return 0
}
