import FlutterCodec

/// A `readRecords` reply of `count` heart-rate samples in the shape of protocol/record-shapes.md: one map per
/// sample with `uuid`, `type`, `hkType`, `start`, `end`, `value`, `unit`, `metadata`, `source`.
func recordReply(count: Int) -> ChannelValue {
  let base = 1_704_067_200_000
  var records: [ChannelValue] = []
  records.reserveCapacity(count)
  for i in 0..<count {
    let start = base + i * 60_000
    records.append(
      .object([
        ("uuid", .string(uuid(i + 1))),
        ("type", "heartRate"),
        ("hkType", "HKQuantityTypeIdentifierHeartRate"),
        ("start", .int(start)),
        ("end", .int(start + 5_000)),
        ("value", .float64(60 + Double(i % 50) + 0.5)),
        ("unit", "count/min"),
        (
          "metadata",
          .object([
            ("HKMetadataKeyHeartRateMotionContext", .int(i % 3)),
            ("ck_note", "resting"),
          ])
        ),
        ("source", .object([("bundleId", "com.example.app"), ("name", "Apple Watch")])),
      ]))
  }
  return .list(records)
}

/// The emulator's deterministic uuid for counter `n` (protocol/state.md#default-state).
func uuid(_ n: Int) -> String {
  let hex = String(n, radix: 16)
  return "00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - hex.count)) + hex
}
