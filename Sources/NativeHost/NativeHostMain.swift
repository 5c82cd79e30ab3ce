import Flutter
import HKBridgeCLI
import Harness

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The entry point of a native host executable (protocol/native.md): its `main.swift` is
///
/// ```swift
/// import NativeHost
/// import MyPlugin
///
/// NativeHostMain.run(plugins: [MyPlugin.self])
/// ```
///
/// It registers the plugin classes with every emulator the commands make, then runs hkbridge's
/// commands (`serve`, `replay`, …).
public enum NativeHostMain {
  /// The environment variable that fixes Swift's hash seed (dictionary order) for a process.
  public static let deterministicHashing = "SWIFT_DETERMINISTIC_HASHING"

  /// `hooks`: what a module sharing the emulator's store needs (``NativeHostHooks``); by
  /// default `import HealthKit` is bound to the emulator's store (``NativeHostHooks/healthKit``).
  public static func run(plugins: [FlutterPlugin.Type], hooks: NativeHostHooks = .healthKit) {
    ensureDeterministicHashing()
    Emulator.host = { inner, timeoutMs in
      NativeHost(inner: inner, plugins: plugins, replyTimeoutMs: timeoutMs, hooks: hooks)
    }
    HKBridgeMain.run()
  }

  /// A Swift dictionary's order depends on a hash seed drawn for each process: the plugin's map
  /// replies would differ run to run. The runtime reads the seed's switch before `main`, so the
  /// host executes itself again, once, with `SWIFT_DETERMINISTIC_HASHING=1` when it is not set.
  /// Where it cannot (no /proc), it runs on with a random seed.
  static func ensureDeterministicHashing() {
    guard getenv(deterministicHashing) == nil else { return }
    setenv(deterministicHashing, "1", 1)
    execv("/proc/self/exe", CommandLine.unsafeArgv)
    // Only reached when exec failed: go on as is.
  }
}
