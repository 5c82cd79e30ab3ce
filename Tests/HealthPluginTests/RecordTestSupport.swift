import FlutterCodec
import HealthKitModel
import Testing

@testable import HealthPlugin
@testable import HealthStore

/// 2024-01-01T00:00:00Z, the default clock (protocol/state.md#default-state).
let t0 = 1_704_067_200_000
/// One minute in milliseconds.
let minute = 60_000

/// The uuid with counter `n` (protocol/state.md#default-state).
func uuid(_ counter: Int) -> String {
  let hex = String(counter, radix: 16)
  return "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - hex.count) + hex
}

extension Harness {
  /// Sets the authorization of every identifier a CKType stands for (as the user would in
  /// Settings).
  func allow(
    _ ckTypes: [String], share: ShareStatus = .sharingAuthorized, read: ReadDecision = .granted
  ) {
    for ckType in ckTypes {
      let identifiers =
        (try? RecordTypeMapper.permissionIdentifiers(for: ckType, os: store.deviceOSVersion)) ?? []
      for identifier in identifiers {
        store.authorization[identifier] = TypeAuthorization(share: share, read: read)
      }
    }
  }

  /// The error of a plugin call that must fail.
  func failure(
    _ method: String, _ args: ChannelValue, sourceLocation: SourceLocation = #_sourceLocation
  ) -> FlutterError? {
    guard let error = call(method, args)?.error else {
      Issue.record("\(method) did not fail", sourceLocation: sourceLocation)
      return nil
    }
    return error
  }

  /// The samples of `readRecords` for a CKType, oldest first.
  func read(_ type: String, _ extra: [(String, ChannelValue)] = []) -> [ChannelValue] {
    ok("readRecords", .object([("type", .string(type)), ("ascending", true)] + extra))?.listValue
      ?? []
  }

  /// How many samples the store holds.
  var sampleCount: Int { store.samples.count }
}

extension ChannelValue {
  /// A map's value for `key` (nil when absent or not a map).
  func field(_ key: String) -> ChannelValue? { self[key] }
}

/// `{"type": type, "start": start, ...}`.
func record(_ type: String, start: Int = t0, _ rest: [(String, ChannelValue)] = [])
  -> ChannelValue
{
  .object([("type", .string(type)), ("start", .int(start))] + rest)
}

/// An int64 channel value (Swift `Int` results are int64 on the wire).
func i64(_ value: Int) -> ChannelValue { .int64(Int64(value)) }
