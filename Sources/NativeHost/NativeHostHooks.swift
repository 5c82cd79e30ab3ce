import HealthStore

/// What a module that shares the emulator's store with the plugin's code (HealthKit) needs from
/// the native host (protocol/native.md, "Hooks"): the store before the plugins register, and
/// each call the host serves itself (profiles, control channel) wrapped, so the module can lock
/// the store around it and tell its running queries what changed.
public struct NativeHostHooks {
  /// Runs with the emulator's store, before `register(with:)` of every plugin.
  public var willRegister: ((HealthStore) -> Void)?
  /// Runs each call the host serves itself: it must call the body once (and may lock around
  /// it, and tell of changes after it).
  public var aroundServedCall: ((() -> Void) -> Void)?
  /// Runs after each call answered one at a time (`--jsonl`, `--scenario`, `replay`; a
  /// profile's, the control channel's, or a native one waited for; not on the frame path):
  /// returns when the module's own handlers that the call set off have run,
  /// so that the events they send belong to that call (HealthKit's handlers run on background
  /// queues). It may run the main queue's work meanwhile (`drainMainQueue`).
  public var settle: ((_ drainMainQueue: () -> Void) -> Void)?

  public init(
    willRegister: ((HealthStore) -> Void)? = nil,
    aroundServedCall: ((() -> Void) -> Void)? = nil,
    settle: ((_ drainMainQueue: () -> Void) -> Void)? = nil
  ) {
    self.willRegister = willRegister
    self.aroundServedCall = aroundServedCall
    self.settle = settle
  }
}
