/// Fuzz target "statistics": the default profile's HKStatisticsCollectionQuery with updates (`healthkit_permissions/statistics` listen: start, end, interval), the input its
/// listen arguments, over a store with two sources' samples, read granted then denied; a save
/// and a delete follow. No trap, every reply and event an envelope (fuzz/targets/QueryFuzz.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  fuzzDefaultProfileStream(data, size, channel: "statistics")
  return 0
}
