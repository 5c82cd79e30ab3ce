import FlutterCodec

/// Fuzz target "health-interval": the `health` profile's interval arguments, the input the
/// arguments of `getIntervalData` and `getTotalStepsInInterval` (startTime, endTime, interval)
/// over stored steps, read granted. No trap, every reply an envelope
/// (fuzz/targets/QueryFuzz.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let setup: [(channel: String, call: MethodCall)] = [
    (
      "flutter_health",
      MethodCall(
        "requestAuthorization",
        .object([("types", .list(["STEPS"])), ("permissions", .list([.int32(2)]))]))
    ),
    QueryFuzzCalls.steps(0, source: "com.other.app"),
  ]
  for method in ["getIntervalData", "getTotalStepsInInterval"] {
    fuzzQuery(
      data, size,
      QueryFuzzCase(
        profiles: ["health"], setup: setup, channel: "flutter_health", method: method,
        changes: []))
  }
  return 0
}
