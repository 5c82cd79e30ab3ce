import CKTypeRecords
import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost
import Testing

/// 2024-01-01T00:00:00Z, the default clock (protocol/state.md#default-state).
public let t0 = 1_704_067_200_000
/// One minute in milliseconds.
public let minute = 60_000

/// The uuid with counter `n` (protocol/state.md#default-state).
public func uuid(_ counter: Int) -> String {
  uuid(counter, source: "00000000-0000")
}

/// The uuid with counter `n` of another source's stream (protocol/state.md); `prefix` is its
/// first 12 hex digits, the low 48 bits of the FNV-1a hash of its bundle id (``SourcePrefix``).
public func uuid(_ counter: Int, source prefix: String) -> String {
  let hex = String(counter, radix: 16)
  return prefix + "-4000-8000-" + String(repeating: "0", count: 12 - hex.count) + hex
}

/// Sources' uuid prefixes, computed outside Swift (FNV-1a 64 of the bundle id, low 48 bits).
public enum SourcePrefix {
  public static let otherApp = "7a0c4a18-be80"
  public static let withings = "702b6a91-d891"
  public static let watch = "7727bc6d-3781"
}

extension Harness {
  /// Sets the authorization of every identifier a CKType stands for (as the user would in
  /// Settings).
  public func allow(
    _ ckTypes: [String], share: ShareStatus = .sharingAuthorized, read: ReadDecision = .granted
  ) {
    for ckType in ckTypes {
      let identifiers =
        (try? RecordTypeMapper.permissionIdentifiers(for: ckType, os: store.deviceOSVersion)) ?? []
      for identifier in identifiers {
        store.setAuthorization(identifier, share: share, read: read)
      }
    }
  }

  /// The error of a plugin call that must fail.
  public func failure(
    _ method: String, _ args: ChannelValue, sourceLocation: SourceLocation = #_sourceLocation
  ) -> FlutterError? {
    guard let error = call(method, args)?.error else {
      Issue.record("\(method) did not fail", sourceLocation: sourceLocation)
      return nil
    }
    return error
  }

  /// The samples of `readRecords` for a CKType, oldest first.
  public func read(_ type: String, _ extra: [(String, ChannelValue)] = []) -> [ChannelValue] {
    ok("readRecords", .object([("type", .string(type)), ("ascending", true)] + extra))?.listValue
      ?? []
  }

  /// How many samples the store holds.
  public var sampleCount: Int { store.storedSampleCount }
}

extension ChannelValue {
  /// A map's value for `key` (nil when absent or not a map).
  public func field(_ key: String) -> ChannelValue? { self[key] }
}

/// `{"type": type, "start": start, ...}`.
public func record(_ type: String, start: Int = t0, _ rest: [(String, ChannelValue)] = [])
  -> ChannelValue
{
  .object([("type", .string(type)), ("start", .int(start))] + rest)
}

/// An int64 channel value (Swift `Int` results are int64 on the wire).
public func i64(_ value: Int) -> ChannelValue { .int64(Int64(value)) }
