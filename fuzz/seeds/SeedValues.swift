import FlutterCodec

/// Hand-made valid values: every wire type, its size forms and alignments, nesting, extensions.
enum SeedValues {
  static let scalars: [ChannelValue] = [
    .null, .bool(true), .bool(false),
    .int32(0), .int32(-1), .int32(.max), .int32(.min),
    .int64(5), .int64(.max), .int64(.min), .int64(1 << 40),
    .largeInt("1f2e3d4c5b6a79880"), .largeInt(""),
    .float64(0), .float64(-0.0), .float64(3.14), .float64(1e300), .float64(.leastNonzeroMagnitude),
    .float64(.nan), .float64(.infinity), .float64(-.infinity),
    .string(""), .string("a"), .string("héllo wörld ✓ 🚀"), .string("\u{0}\u{1f}\"\\\u{7f}\u{85}"),
    .string(String(repeating: "x", count: 253)), .string(String(repeating: "y", count: 254)),
    .string(String(repeating: "z", count: 1_000)),
    .uint8List([]), .uint8List([0, 1, 2, 255]), .uint8List(Array(repeating: 7, count: 300)),
    .int32List([]), .int32List([1, -2, .max, .min]),
    .int64List([]), .int64List([1, -2, .max, .min]),
    .float32List([]), .float32List([1.5, -0.0, .nan, .infinity, 3.4028235e38]),
    .float64List([]), .float64List([1.5, -0.0, .nan, -.infinity, 2.2250738585072014e-308]),
  ]

  static let containers: [ChannelValue] = [
    .list([]), .map([]),
    .list(scalars),
    .object([("protocol", 1), ("emulator", "0.1.0"), ("channels", ["healthkit_permissions"])]),
    .map([
      ChannelMapEntry(.int32(1), "one"), ChannelMapEntry(.null, .list([])),
      ChannelMapEntry(.float64(2.5), .map([])), ChannelMapEntry("k", "v"), ChannelMapEntry("k", 2),
    ]),
    .object([("$int64", 5)]),
    .list([
      .string("ab"), .float64(1), .int32(2), .float64List([3]), .int64List([4]),
      .int32List([5]), .float32List([6]),
    ]),
    .list(Array(repeating: .null, count: 254)),
    nested(depth: 40),
    nested(depth: 512),
  ]

  static let extensions: [ChannelValue] = [
    .ext(tag: 128, value: .null),
    .ext(tag: 129, value: .object([("name", "pigeon"), ("id", 3)])),
    .ext(tag: 255, value: .ext(tag: 200, value: .list([.float64(1.25), .string("x")]))),
    .list([.ext(tag: 130, value: .float64List([1, 2]))]),
  ]

  static var all: [ChannelValue] { scalars + containers }

  /// `depth` lists, each holding the next, around an int.
  static func nested(depth: Int) -> ChannelValue {
    var value: ChannelValue = .int32(1)
    for _ in 0..<depth { value = .list([value]) }
    return value
  }

  /// Method calls a Dart test would send (plugin and control channels).
  static let calls: [MethodCall] = [
    MethodCall("isAvailable"),
    MethodCall("getPlatformVersion"),
    MethodCall(
      "requestAuthorization",
      .object([
        ("read", ["HKQuantityTypeIdentifierStepCount", "HKCharacteristicTypeIdentifierBloodType"]),
        ("write", ["HKQuantityTypeIdentifierStepCount"]),
      ])),
    MethodCall(
      "readCharacteristic", .object([("identifier", "HKCharacteristicTypeIdentifierBloodType")])),
    MethodCall(
      "writeRecord",
      .object([
        (
          "record",
          .object([
            ("type", "steps"), ("start", .int64(1_704_067_200_000)), ("value", .float64(120)),
            ("unit", "count"), ("metadata", .object([("note", "x"), ("flag", true)])),
          ])
        )
      ])),
    MethodCall(
      "readRecords",
      .object([
        ("type", "heartRate"), ("start", .int64(1_704_067_200_000)),
        ("end", .int64(1_704_153_600_000)), ("ascending", true),
      ])),
    MethodCall("startWorkout", .object([("activityType", "traditionalStrengthTraining")])),
    MethodCall("reset"),
    MethodCall("configure", .object([("device", "iPad"), ("osVersion", "16.4")])),
    MethodCall("advanceClock", .object([("ms", 60_000)])),
    MethodCall("snapshot"),
    MethodCall("injectFault", .object([("method", "readRecords"), ("code", "READ_ERROR")])),
    MethodCall("noSuchMethod", .list([.float64(1), .string("x")])),
  ]

  static let envelopes: [Envelope] = [
    .success(.null), .success(.bool(true)), .success(.float64(2.5)),
    .success(.object([("uuids", ["00000000-0000-4000-8000-000000000001"])])),
    .error(FlutterError(code: "UNSUPPORTED_TYPE", message: "no such type", details: .map([]))),
    .error(
      FlutterError(
        code: "AUTHORIZATION_NOT_DETERMINED", message: nil,
        details: .object([("hkErrorCode", 5), ("type", "bloodType")]))),
    .error(FlutterError(code: "E", message: "m", details: .null, stacktrace: .string("at x"))),
    .error(FlutterError(code: "E", message: nil, details: .float64(1), stacktrace: .null)),
  ]

  /// Typed JSON texts written by hand: every `$` tag, odd spacing, escapes, near misses.
  static let jsonTexts: [String] = [
    "null", "true", "1", "-2147483649", "1.0", "-0.0", "1e300", "2.5E-7", "\"s\\u00e9\\n\"",
    "[1, 2.0, \"3\", [], {}]",
    "{\"b\": 1, \"a\": 2, \"c\": [null]}",
    "{\"$int64\": 5}", "{\"$largeInt\": \"ff\"}", "{\"$float64\": \"NaN\"}",
    "{\"$float64\": \"-Infinity\"}", "{\"$uint8List\": \"AAEC/w==\"}", "{\"$uint8List\": \"\"}",
    "{\"$int32List\": [1, -2]}", "{\"$int64List\": [9223372036854775807]}",
    "{\"$float32List\": [1.5, \"NaN\", \"Infinity\"]}", "{\"$float64List\": [0.1, \"-Infinity\"]}",
    "{\"$map\": [[1, \"one\"], [null, {\"$int64\": 2}], [\"$int64\", 3]]}",
    "{\"$ext\": {\"tag\": 129, \"value\": {\"x\": [1.5]}}}",
    "{\"$int64\": 5, \"other\": 1}",
    "{\"method\": \"isAvailable\", \"args\": null}",
    "{\"ok\": {\"now\": 1704067200000}}",
    "{\"error\": {\"code\": \"E\", \"message\": null, \"details\": {}, \"stacktrace\": \"s\"}}",
    "  [ 1 ,\t{\"k\" :\r\n\"v\"} ]  ",
    "{\"$int64\": 1.5}", "{\"$map\": 3}", "{\"a\": 1, \"a\": 2}", "[1,", "01", "\"\\ud800\"",
    "0a 0b 0c", "0x07 02 68 69",
  ]
}
