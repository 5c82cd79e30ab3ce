import FlutterCodec
import Harness
import HealthStore
import NativeHost
import Testing

/// The hooks a module sharing the store uses: the emulator's own store before registration, and
/// every call the host serves itself wrapped (and then no in-place path that would skip it).
@Suite struct NativeHostHooksTests {
  final class Seen {
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
    #expect(host.inPlace == nil)
  }

  @Test func withoutHooksTheProfilesKeepTheirInPlacePath() {
    let host = NativeHost(
      inner: Emulator.make(warnings: { _ in }), plugins: [], replyTimeoutMs: 1000)
    #expect(host.inPlace != nil)
    #expect(host.nativeChannels.isEmpty)
  }
}
