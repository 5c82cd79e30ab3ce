import FlutterCodec

/// Fuzz target "observer": the default profile's HKObserverQuery (`healthkit_permissions/observe` listen), the input its
/// listen arguments, over a store with two sources' samples, read granted then denied; a save
/// and a delete follow. No trap, every reply and event an envelope (fuzz/targets/QueryFuzz.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  for policy in ["grant", "deny"] {
    fuzzQuery(
      data, size,
      QueryFuzzCase(
        profiles: ["healthkit_permissions"], setup: QueryFuzzCalls.defaultSetup(read: policy),
        channel: "healthkit_permissions/observe", method: "listen",
        changes: QueryFuzzCalls.defaultChanges))
  }
  return 0
}
