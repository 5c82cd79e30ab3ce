import Dispatch
import HealthKit
import HealthStore
import UIKit

extension NativeHostHooks {
  /// The hooks that put `import HealthKit` on the emulator's one store (protocol/native.md,
  /// "Hooks"): the store is bound before the plugins register, each call the host serves
  /// itself runs under `HealthKitBinding.lock` and is followed by
  /// `HealthKitBinding.storeDidChange()`, and `UIDevice.current` mirrors the emulated device.
  /// ``NativeHostMain/run(plugins:hooks:)`` uses them unless told otherwise.
  public static var healthKit: NativeHostHooks {
    NativeHostHooks(
      willRegister: { store in
        HealthKitBinding.bind(store)
        mirrorDevice(of: store)
      },
      aroundServedCall: { body in
        HealthKitBinding.lock.lock()
        body()
        // The control channel may have configured another device.
        mirrorDevice(of: HealthKitBinding.store)
        HealthKitBinding.lock.unlock()
        HealthKitBinding.storeDidChange()
      },
      settle: { drainMainQueue in
        // HealthKit's handlers run on a background queue and may hand work to the main queue:
        // wait (a second at most) for those already started, running the main queue meanwhile.
        let done = DispatchSemaphore(value: 0)
        HealthKitBinding.afterHandlers { done.signal() }
        let deadline = DispatchTime.now() + .seconds(1)
        while done.wait(timeout: .now() + .milliseconds(1)) == .timedOut {
          drainMainQueue()
          if DispatchTime.now() >= deadline { return }
        }
        drainMainQueue()
      })
  }

  /// `UIDevice.current` names the emulated device, as iOS's does.
  static func mirrorDevice(of store: HealthStore) {
    UIDevice.current.configure(
      systemName: store.systemName, systemVersion: store.osVersion.description,
      model: store.device.rawValue)
  }
}
