/// Fuzz target "observer": the default profile's HKObserverQuery (`healthkit_permissions/observe` listen), the input its
/// listen arguments, over a store with two sources' samples, read granted then denied; a save
/// and a delete follow. No trap, every reply and event an envelope (fuzz/targets/QueryFuzz.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  fuzzDefaultProfileStream(data, size, channel: "observe")
  return 0
}
