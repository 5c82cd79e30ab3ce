import NativeHost
import NativeProbePlugin

// The test plugin's native host, built with the package (what scripts/native-host generates
// for a plugin, minus the build cache): NativeHostTests run it as a process. Its HealthKit
// plugin shares the emulator's store (the default hooks).
NativeHostMain.run(plugins: [NativeProbePlugin.self, HealthKitProbePlugin.self])
