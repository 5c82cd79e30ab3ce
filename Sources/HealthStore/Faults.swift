/// A failure the control channel injected for a method (`injectFault`). It is consumed by the
/// named method after all its other checks pass (in the order of checks of protocol/errors.md#which-check-fails-first), `remaining` times.
public struct InjectedFault: Sendable, Hashable {
  public var method: String
  public var error: HealthError
  public var remaining: Int

  public init(method: String, error: HealthError, remaining: Int) {
    self.method = method
    self.error = error
    self.remaining = remaining
  }
}

extension HealthStore {
  /// Queues a fault behind any other fault for the same method.
  public func injectFault(_ fault: InjectedFault) {
    guard fault.remaining > 0 else { return }
    faults.append(fault)
  }

  /// ``consumeFault(for:)`` after a look at whether any fault waits at all (inlined into every
  /// method's pipeline: no call and no error value made when none does).
  @inlinable @inline(__always)
  public func pendingFault(for method: String) -> HealthError? {
    faults.isEmpty ? nil : consumeFault(for: method)
  }

  /// The error the next call of `method` must fail with, if a fault waits for it; counts it.
  public func consumeFault(for method: String) -> HealthError? {
    guard let index = faults.firstIndex(where: { $0.method == method }) else { return nil }
    let error = faults[index].error
    faults[index].remaining -= 1
    if faults[index].remaining <= 0 { faults.remove(at: index) }
    return error
  }
}
