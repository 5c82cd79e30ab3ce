// swift-tools-version:6.0
import PackageDescription

/// What every profile target (and the control channel) builds on.
let profileDependencies: [Target.Dependency] = [
  "PluginHost", "FlutterCodec", "HealthKitModel", "HealthStore",
]

let package = Package(
  name: "hkbridge",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "hkbridge", targets: ["hkbridge"]),
    .library(name: "FlutterCodec", targets: ["FlutterCodec"]),
    .library(name: "ChannelJSON", targets: ["ChannelJSON"]),
    .library(name: "HealthKitModel", targets: ["HealthKitModel"]),
    .library(name: "HKBridgeCLI", targets: ["HKBridgeCLI"]),
    .library(name: "NativeHost", targets: ["NativeHost"]),
    // `import HealthKit` (and the few UIKit, CoreLocation and os symbols health plugins use)
    // for a plugin's own iOS Swift code, over the one store (protocol/native-healthkit.md).
    .library(name: "HealthKit", targets: ["HealthKit"]),
    .library(name: "UIKit", targets: ["UIKit"]),
    .library(name: "CoreLocation", targets: ["CoreLocation"]),
    .library(name: "os", targets: ["os"]),
    .library(name: "Flutter", targets: ["Flutter"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    // Flutter's StandardMessageCodec / StandardMethodCodec. Knows nothing of HealthKit.
    .target(name: "FlutterCodec"),
    // Flutter's iOS plugin API (FlutterPlugin, channels, codecs) with Apple's names, so that a
    // plugin's own Swift code compiles on Linux. Foundation only: a façade, no project module.
    .target(name: "Flutter"),
    // libjansson through pkg-config.
    .systemLibrary(
      name: "CJansson",
      pkgConfig: "jansson",
      providers: [.apt(["libjansson-dev"]), .brew(["jansson"])]
    ),
    // Typed JSON <-> channel values (protocol/typed-json.md).
    .target(name: "ChannelJSON", dependencies: ["FlutterCodec", "CJansson"]),
    // HealthKit type catalogue, units, activities: data + pure functions. Knows no CKType.
    .target(name: "HealthKitModel"),
    // The mock HealthKit store: device, clock, authorization, samples, workouts, faults. Speaks
    // HealthKit identifiers only.
    .target(name: "HealthStore", dependencies: ["HealthKitModel"]),
    // HealthKit's API as Swift on iOS sees it, over the process's one HealthStore.
    .target(name: "HealthKit", dependencies: ["HealthStore", "HealthKitModel", "CoreLocation"]),
    // The few symbols of UIKit, CoreLocation and os that health plugins use.
    .target(name: "UIKit"),
    .target(name: "CoreLocation"),
    .target(name: "os"),
    // The CKType vocabulary (the CKType table, its mapper, the activity-dependent workout table,
    // which naming scheme a name belongs to) and CKType records <-> HealthKit objects: what the
    // default profile, ConnectKit and `hkbridge types` share.
    .target(name: "CKTypeRecords", dependencies: ["HealthKitModel", "HealthStore"]),
    // The plugin host: the handler model (Channels/), what an iOS host does with channel values
    // (Bridging/), event channels, the dispatcher, the seam every profile plugs into (Seam/).
    .target(name: "PluginHost", dependencies: ["FlutterCodec", "HealthKitModel", "HealthStore"]),
    // What the default profile and the control channel both speak: the error catalogue (codes,
    // `details`, how hints are worded) and CKType records as channel values.
    .target(
      name: "ChannelCatalogue", dependencies: profileDependencies + ["CKTypeRecords"]),
    // One target per profile: each translates one plugin's channel API into store operations.
    .target(
      name: "ProfileHealthkitPermissions",
      dependencies: profileDependencies + ["CKTypeRecords", "ChannelCatalogue"],
      path: "Sources/Profiles/HealthkitPermissions"),
    .target(
      name: "ProfileHealth", dependencies: profileDependencies, path: "Sources/Profiles/Health"),
    .target(
      name: "ProfileConnectKit", dependencies: profileDependencies + ["CKTypeRecords"],
      path: "Sources/Profiles/ConnectKit"),
    .target(
      name: "ProfileHealthKitReporter", dependencies: profileDependencies,
      path: "Sources/Profiles/HealthKitReporter"),
    // The control channel hkbridge/control: its records and error catalogue are the default
    // profile's (ChannelCatalogue); it depends on no profile.
    .target(
      name: "ControlChannel",
      dependencies: profileDependencies + ["CKTypeRecords", "ChannelCatalogue"]),
    // Every profile, one row each, and the dispatcher configured by profile names.
    .target(
      name: "PluginProfiles",
      dependencies: profileDependencies + [
        "ProfileHealthkitPermissions", "ProfileHealth", "ProfileConnectKit",
        "ProfileHealthKitReporter", "ControlChannel",
      ]),
    // Frames over stdin/stdout, serve loop, recording, replay, goldens: one exchange step for
    // every transport. It knows no profile: the executable installs them (HKBridgeCLI's
    // Composition).
    .target(
      name: "Harness",
      dependencies: ["FlutterCodec", "ChannelJSON", "HealthKitModel", "PluginHost"]),
    // The command line, one type per subcommand, and the one place that composes the profiles
    // (Composition.swift); a library so that an executable composing more than this package
    // serves (a native plugin host) runs the same commands.
    .target(
      name: "HKBridgeCLI",
      dependencies: [
        "Harness", "ChannelJSON", "FlutterCodec", "HealthKitModel", "CKTypeRecords", "PluginHost",
        "PluginProfiles",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // A native host: a plugin's own Swift code (against `Flutter`) answers its channels, in
    // front of the emulator; an executable registers its plugin classes, then runs HKBridgeCLI.
    .target(
      name: "NativeHost",
      dependencies: [
        "Flutter", "Harness", "HKBridgeCLI", "PluginHost", "FlutterCodec", "HealthStore",
        // `import HealthKit` bound to the emulator's store (NativeHostHooks.healthKit).
        "HealthKit", "UIKit",
      ]),
    // The executable: `main.swift` runs HKBridgeCLI's commands.
    .executableTarget(name: "hkbridge", dependencies: ["HKBridgeCLI"]),
    // protocol/targets.md figures, each beside its limit: `swift run -c release hkbridge-bench`.
    .executableTarget(
      name: "hkbridge-bench",
      dependencies: [
        "FlutterCodec", "ChannelJSON", "HealthKitModel", "HealthStore", "PluginHost",
        "PluginProfiles", "Harness",
        // Built alongside so the process figures (serve round trips, start to HELLO) find it.
        "hkbridge",
      ],
      path: "Benchmarks/hkbridge-bench"
    ),
    // The benchmark's pure logic: the codec section's paired rounds and the peers' output.
    .testTarget(name: "hkbridge-benchTests", dependencies: ["hkbridge-bench"]),
    .testTarget(name: "FlutterCodecTests", dependencies: ["FlutterCodec"]),
    // Plugin-style code compiled in Swift 5 language mode, as a native host compiles plugins.
    .target(
      name: "FlutterSwift5Plugin", dependencies: ["Flutter"], path: "Tests/FlutterSwift5Plugin",
      swiftSettings: [.swiftLanguageMode(.v5)]),
    .testTarget(
      name: "FlutterTests", dependencies: ["Flutter", "FlutterCodec", "FlutterSwift5Plugin"]),
    .testTarget(name: "ChannelJSONTests", dependencies: ["ChannelJSON", "FlutterCodec"]),
    .testTarget(name: "HealthKitModelTests", dependencies: ["HealthKitModel"]),
    // What the store's tests and the record layer's tests both set up with.
    .target(name: "StoreFixtures", dependencies: ["HealthStore"], path: "Tests/StoreFixtures"),
    .testTarget(
      name: "HealthStoreTests", dependencies: ["HealthStore", "HealthKitModel", "StoreFixtures"]),
    .testTarget(
      name: "CKTypeRecordsTests",
      dependencies: ["CKTypeRecords", "HealthStore", "HealthKitModel", "StoreFixtures"]),
    // What the host's, the control channel's and the profiles' tests share: a dispatcher with
    // helpers, hex bytes, record arguments.
    .target(
      name: "ChannelTestSupport",
      dependencies: [
        "PluginHost", "PluginProfiles", "HealthStore", "HealthKitModel", "FlutterCodec",
        "CKTypeRecords",
      ],
      path: "Tests/ChannelTestSupport"),
    .testTarget(
      name: "PluginHostTests",
      dependencies: [
        "PluginHost", "PluginProfiles", "ProfileHealthkitPermissions", "ControlChannel",
        "HealthStore", "FlutterCodec", "ChannelTestSupport",
      ]
    ),
    .testTarget(
      name: "PluginProfilesTests",
      dependencies: [
        "PluginProfiles", "PluginHost", "ProfileHealthkitPermissions", "ProfileConnectKit",
        "ProfileHealthKitReporter", "HealthStore", "HealthKitModel", "FlutterCodec",
        "ChannelTestSupport",
      ]),
    .testTarget(
      name: "ChannelCatalogueTests",
      dependencies: [
        "ChannelCatalogue", "ControlChannel", "HealthStore", "PluginHost", "FlutterCodec",
      ]),
    .testTarget(
      name: "ControlChannelTests",
      dependencies: [
        "ControlChannel", "ChannelCatalogue", "PluginHost", "PluginProfiles",
        "HealthStore", "HealthKitModel", "FlutterCodec", "ChannelTestSupport",
      ]),
    .testTarget(
      name: "ProfileHealthkitPermissionsTests",
      dependencies: [
        "ProfileHealthkitPermissions", "ChannelCatalogue", "ControlChannel", "PluginHost",
        "PluginProfiles", "CKTypeRecords",
        "HealthStore", "HealthKitModel", "FlutterCodec", "ChannelTestSupport",
      ]),
    .testTarget(
      name: "ProfileHealthTests",
      dependencies: [
        "ProfileHealth", "PluginHost", "PluginProfiles", "HealthStore", "HealthKitModel",
        "FlutterCodec", "ChannelTestSupport",
      ]),
    .testTarget(
      name: "ProfileConnectKitTests",
      dependencies: [
        "ProfileConnectKit", "CKTypeRecords", "PluginHost", "PluginProfiles", "HealthStore",
        "HealthKitModel", "FlutterCodec", "ChannelTestSupport",
      ]),
    .testTarget(
      name: "ProfileHealthKitReporterTests",
      dependencies: [
        "ProfileHealthKitReporter", "ProfileHealth", "PluginHost", "PluginProfiles",
        "HealthStore", "HealthKitModel", "FlutterCodec", "ChannelTestSupport",
      ]),
    .testTarget(
      name: "HarnessTests",
      dependencies: [
        "Harness", "ChannelJSON", "FlutterCodec", "PluginHost", "PluginProfiles", "hkbridge",
        "HKBridgeCLI", "CKTypeRecords",
      ]
    ),
    .testTarget(
      name: "CLITests",
      dependencies: [
        "hkbridge", "HKBridgeCLI",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // The native host's test plugin (its Flutter package: Tests/NativeProbePlugin), compiled in
    // Swift 5 mode as scripts/native-host compiles plugins, and its host executable.
    .target(
      name: "NativeProbePlugin", dependencies: ["Flutter", "HealthKit"],
      path: "Tests/NativeProbePlugin/ios/Classes", swiftSettings: [.swiftLanguageMode(.v5)]),
    .executableTarget(
      name: "native-probe-host", dependencies: ["NativeHost", "NativeProbePlugin"],
      path: "Tests/NativeProbeHost"),
    .testTarget(
      name: "NativeHostTests",
      dependencies: [
        "NativeHost", "NativeProbePlugin", "Harness", "FlutterCodec", "PluginHost", "HealthStore",
        "HealthKit", "UIKit", "native-probe-host", "HKBridgeCLI",
      ]),
    .testTarget(
      name: "HealthKitTests",
      dependencies: [
        "HealthKit", "HealthStore", "HealthKitModel", "CoreLocation", "UIKit", "os",
        "PluginHost", "PluginProfiles", "FlutterCodec",
      ]),
  ]
)
