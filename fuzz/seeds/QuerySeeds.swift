import FlutterCodec

/// The seeds of the query targets: each target's arguments as the goldens send them, at the
/// ends of `Int`, and the inputs that crashed the host (issue 33: D22, a statistics start of
/// -2^63+1; D23, `intervalComponents` of 2^31-1 quarters or years, ±2^63 days, hours, minutes,
/// seconds).
enum QuerySeeds {
  static let t0: Int64 = 1_704_067_200_000
  static let day: Int64 = 86_400_000
  static let extremes: [ChannelValue] = [
    .int64(.min), .int64(-.max), .int64(.max), .int64(-1), .int64(0), .int32(.max), .int32(.min),
    .float64(.infinity), .float64(-.infinity), .float64(.nan), .float64(1e300), .null,
  ]

  static func seeds(_ target: String) -> [[UInt8]]? {
    let values: [ChannelValue]
    switch target {
    case "statistics": values = statistics
    case "anchored": values = anchored
    case "observer": values = [.object([("types", .list(["steps"]))]), .object([("types", 1)])]
    case "health-interval": values = health
    case "reporter-interval": values = reporter
    default: return nil
    }
    return values.map(SeedSets.codec.encode)
  }

  static var statistics: [ChannelValue] {
    func listen(_ start: ChannelValue, _ end: ChannelValue, _ interval: ChannelValue)
      -> ChannelValue
    {
      .object([("type", "steps"), ("start", start), ("end", end), ("interval", interval)])
    }
    var values = [
      listen(.int64(t0), .int64(t0 + 4 * 3_600_000), .int64(3_600_000)),
      // D22: killed serve with "arithmetic overflow" in the bucket count.
      listen(.int64(-.max), .int64(t0 + 4 * 3_600_000), .int64(3_600_000)),
      listen(.int64(t0), .int64(t0 + 3650 * day), .int64(day)),
    ]
    for value in extremes {
      values.append(listen(value, .int64(t0), .int64(3_600_000)))
      values.append(listen(.int64(t0), value, .int64(3_600_000)))
      values.append(listen(.int64(0), .int64(253_402_300_799_999), value))
    }
    return values
  }

  static var anchored: [ChannelValue] {
    [.object([("type", "steps")]), .object([("type", "steps"), ("limit", 1)])]
      + extremes.flatMap { value in
        [
          ChannelValue.object([("type", "steps"), ("anchor", value)]),
          .object([("type", "steps"), ("limit", value)]),
        ]
      }
  }

  static var health: [ChannelValue] {
    func args(_ start: ChannelValue, _ end: ChannelValue, _ interval: ChannelValue)
      -> ChannelValue
    {
      .object([
        ("dataTypeKey", "STEPS"), ("dataUnitKey", "COUNT"), ("startTime", start),
        ("endTime", end), ("interval", interval), ("recordingMethodsToFilter", .list([])),
      ])
    }
    var values = [
      args(.int64(t0), .int64(t0 + 2 * 3_600_000), .int32(3600)),
      // D19': 54 years in hours, one sample over them all.
      args(.int64(0), .int64(54 * 365 * day), .int32(3600)),
    ]
    for value in extremes {
      values.append(args(value, .int64(t0), .int32(3600)))
      values.append(args(.int64(t0), value, .int32(3600)))
      values.append(args(.int64(0), .int64(t0), value))
    }
    return values
  }

  static var reporter: [ChannelValue] {
    func args(_ components: [(String, ChannelValue)], from: ChannelValue = .int64(t0))
      -> ChannelValue
    {
      .object([
        (
          "preferredUnits",
          .list([
            .object([("identifier", "HKQuantityTypeIdentifierStepCount"), ("unit", "count")])
          ])
        ),
        ("identifier", "HKQuantityTypeIdentifierStepCount"), ("unit", "count"),
        ("anchorTimestamp", .int64(t0)), ("enumerateFrom", from),
        ("enumerateTo", .int64(t0 + day)), ("intervalComponents", .object(components)),
        ("startTimestamp", .int64(t0)), ("endTimestamp", .int64(t0 + day)),
      ])
    }
    var values = [
      args([("hour", .int32(6))]), args([("month", .int32(1))]),
      // D23: each killed serve in the interval arithmetic.
      args([("quarter", .int32(.max))]), args([("year", .int32(.max))]),
      args([("day", .int64(.max))]), args([("hour", .int64(.min))]),
      args([("minute", .int64(.max))]), args([("second", .int64(.min))]),
    ]
    for value in extremes {
      values.append(args([("day", value)]))
      values.append(args([("month", value), ("second", .int32(1))]))
      values.append(args([("hour", .int32(1))], from: value))
    }
    return values
  }
}
