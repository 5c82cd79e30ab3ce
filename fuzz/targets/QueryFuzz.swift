import FlutterCodec
import Harness

/// What a query target runs: a fresh emulator serving `profiles`, the `setup` calls (read and
/// write granted, a few samples of two sources), then the fuzzed arguments — the input decoded
/// as one standard message — given to `method` on `channel`, then `changes` (a save and a
/// delete, so a stream that started updates).
struct QueryFuzzCase {
  var profiles: [String]
  var setup: [(channel: String, call: MethodCall)]
  var channel: String
  var method: String
  var changes: [(channel: String, call: MethodCall)]
}

private let methodCodec = StandardMethodCodec(
  messageCodec: StandardMessageCodec(allowsExtensions: true))

/// Serves one input; every reply and event must be null or an envelope (never a trap: Swift's
/// overflow checks stay on, so any unchecked time sum is a finding).
func fuzzQuery(_ data: UnsafePointer<UInt8>?, _ size: Int, _ fuzzCase: QueryFuzzCase) {
  let bytes = inputBytes(data, size)
  guard let arguments = try? methodCodec.messageCodec.decode(bytes) else { return }
  let handler = Emulator.make(
    profiles: fuzzCase.profiles, sleepsForLatency: false, warnings: { _ in })
  func send(_ channel: String, _ call: MethodCall) {
    let reply = handler.handleMessage(
      channel: channel, payload: methodCodec.encodeMethodCall(call))
    if let reply {
      check((try? methodCodec.decodeEnvelope(reply)) != nil, "reply on \(channel) is no envelope")
    }
    for message in handler.takeHostMessages() {
      guard let payload = message.payload else { continue }
      check(
        (try? methodCodec.decodeEnvelope(payload)) != nil,
        "event on \(message.channel) is no envelope")
    }
  }
  for (channel, call) in fuzzCase.setup { send(channel, call) }
  send(fuzzCase.channel, MethodCall(fuzzCase.method, arguments))
  for (channel, call) in fuzzCase.changes { send(channel, call) }
}

/// One of the default profile's event channels (`statistics`, `anchored`, `observe`), the
/// input its listen arguments, read granted and then denied, a save and a delete following.
func fuzzDefaultProfileStream(_ data: UnsafePointer<UInt8>?, _ size: Int, channel: String) {
  for policy in ["grant", "deny"] {
    fuzzQuery(
      data, size,
      QueryFuzzCase(
        profiles: ["healthkit_permissions"], setup: QueryFuzzCalls.defaultSetup(read: policy),
        channel: "healthkit_permissions/" + channel, method: "listen",
        changes: QueryFuzzCalls.defaultChanges))
  }
}

/// Calls shared by the cases.
enum QueryFuzzCalls {
  static let control = "hkbridge/control"
  static let t0: Int64 = 1_704_067_200_000
  static let hour: Int64 = 3_600_000

  static func steps(_ hour: Int64, source: String) -> (String, MethodCall) {
    (
      control,
      MethodCall(
        "addSamples",
        .object([
          ("source", .object([("bundleId", .string(source))])),
          (
            "records",
            .list([
              .object([
                ("type", "steps"), ("start", .int64(t0 + hour * Self.hour)),
                ("end", .int64(t0 + (hour + 1) * Self.hour)), ("value", .int32(10)),
                ("unit", "count"),
              ])
            ])
          ),
        ]))
    )
  }

  /// Read granted for steps (`policy` "deny": denied), two sources' samples.
  static func defaultSetup(read policy: String) -> [(channel: String, call: MethodCall)] {
    [
      (control, MethodCall("setPromptPolicy", .object([("read", .string(policy))]))),
      (
        "healthkit_permissions",
        MethodCall(
          "requestPermissions", .object([("read", .list(["steps"])), ("write", .list(["steps"]))]))
      ),
      steps(0, source: "com.other.app"), steps(1, source: "com.example.app"),
    ]
  }

  static let defaultChanges: [(channel: String, call: MethodCall)] = [
    steps(2, source: "com.other.app"),
    (control, MethodCall("deleteSamples", .object([("source", "com.other.app")]))),
  ]
}
