// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "hkbridge",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "hkbridge", targets: ["hkbridge"]),
    .library(name: "FlutterCodec", targets: ["FlutterCodec"]),
    .library(name: "ChannelJSON", targets: ["ChannelJSON"]),
    .library(name: "HealthKitModel", targets: ["HealthKitModel"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    // Flutter's StandardMessageCodec / StandardMethodCodec. Knows nothing of HealthKit.
    .target(name: "FlutterCodec"),
    // libjansson through pkg-config.
    .systemLibrary(
      name: "CJansson",
      pkgConfig: "jansson",
      providers: [.apt(["libjansson-dev"]), .brew(["jansson"])]
    ),
    // Typed JSON <-> channel values (protocol/typed-json.md).
    .target(name: "ChannelJSON", dependencies: ["FlutterCodec", "CJansson"]),
    // HealthKit type catalogue, units, activities, the CKType RecordTypeMapper: data + pure functions.
    .target(name: "HealthKitModel"),
    // The mock HealthKit store: device, clock, authorization, samples, workouts, faults. Speaks
    // HealthKit identifiers only.
    .target(name: "HealthStore", dependencies: ["HealthKitModel"]),
    // CKType records <-> HealthKit objects: the record vocabulary the default profile and
    // ConnectKit share.
    .target(name: "CKTypeRecords", dependencies: ["HealthKitModel", "HealthStore"]),
    // Method handlers, argument decoding, error catalogue, control channel, dispatcher.
    .target(
      name: "HealthPlugin",
      dependencies: ["FlutterCodec", "HealthKitModel", "HealthStore", "CKTypeRecords"]
    ),
    // Frames over stdin/stdout, serve loop, recording, replay, goldens.
    .target(name: "Harness", dependencies: ["FlutterCodec", "ChannelJSON", "HealthPlugin"]),
    .executableTarget(
      name: "hkbridge",
      dependencies: [
        "Harness", "ChannelJSON", "FlutterCodec", "HealthKitModel",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // protocol/targets.md figures, each beside its limit: `swift run -c release hkbridge-bench`.
    .executableTarget(
      name: "hkbridge-bench",
      dependencies: [
        "FlutterCodec", "ChannelJSON", "HealthKitModel", "HealthStore", "HealthPlugin", "Harness",
        // Built alongside so the process figures (serve round trips, start to HELLO) find it.
        "hkbridge",
      ],
      path: "Benchmarks/hkbridge-bench"
    ),
    .testTarget(name: "FlutterCodecTests", dependencies: ["FlutterCodec"]),
    .testTarget(name: "ChannelJSONTests", dependencies: ["ChannelJSON", "FlutterCodec"]),
    .testTarget(name: "HealthKitModelTests", dependencies: ["HealthKitModel"]),
    .testTarget(name: "HealthStoreTests", dependencies: ["HealthStore", "HealthKitModel"]),
    .testTarget(
      name: "CKTypeRecordsTests", dependencies: ["CKTypeRecords", "HealthStore", "HealthKitModel"]),
    .testTarget(
      name: "HealthPluginTests",
      dependencies: [
        "HealthPlugin", "HealthStore", "CKTypeRecords", "HealthKitModel", "FlutterCodec",
      ]
    ),
    .testTarget(
      name: "HarnessTests",
      dependencies: ["Harness", "ChannelJSON", "FlutterCodec", "HealthPlugin", "hkbridge"]
    ),
    .testTarget(name: "CLITests", dependencies: ["hkbridge"]),
  ]
)
