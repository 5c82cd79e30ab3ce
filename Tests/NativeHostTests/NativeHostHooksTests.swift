import FlutterCodec
import HKBridgeCLI
import Harness
import HealthStore
import NativeHost
import Testing

/// The hooks a module sharing the store uses: the emulator's own store before registration, and
/// every call the host serves itself wrapped (and then no in-place path that would skip it).
@Suite struct NativeHostHooksTests {
  init() { Composition.install() }
  final class Seen {
    init() { Composition.install() }
    var store: HealthStore?
    var wrapped = 0
  }

  @Test func theStoreComesBeforeRegistrationAndServedCallsAreWrapped() throws {
    let seen = Seen()
    let emulator = Emulator.make(warnings: { _ in })
    let host = NativeHost(
      inner: emulator, plugins: [], replyTimeoutMs: 1000,
      hooks: NativeHostHooks(
        willRegister: { seen.store = $0 },
        aroundServedCall: { body in
          seen.wrapped += 1
          body()
        }))
    #expect(seen.store != nil)
    #expect(seen.store?.now == emulator.clockMs)
    let call = StandardMethodCodec().encodeMethodCall(MethodCall("isAvailable"))
    #expect(host.handleMessage(channel: "healthkit_permissions", payload: call) == [0x00, 0x01])
    #expect(seen.wrapped == 1)
    // The bytes-in-place path (frames) is wrapped too.
    #expect(Self.inPlace(host, "healthkit_permissions", call) == [0x00, 0x01])
    #expect(seen.wrapped == 2)
  }

  @Test func withoutHooksTheProfilesAnswerInPlace() {
    let host = NativeHost(
      inner: Emulator.make(warnings: { _ in }), plugins: [], replyTimeoutMs: 1000)
    let call = StandardMethodCodec().encodeMethodCall(MethodCall("isAvailable"))
    #expect(Self.inPlace(host, "healthkit_permissions", call) == [0x00, 0x01])
    #expect(host.nativeChannels.isEmpty)
  }

  /// The reply to `payload` on `channel` given as bytes in place (as the frame server does).
  static func inPlace(_ host: NativeHost, _ channel: String, _ payload: [UInt8]) -> [UInt8]? {
    Array(channel.utf8).withUnsafeBytes { name in
      payload.withUnsafeBytes { host.handleMessage(channelUTF8: name, payload: $0) }
    }
  }
}
