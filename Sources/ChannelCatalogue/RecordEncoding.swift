import CKTypeRecords
import FlutterCodec
import HealthStore
import PluginHost

/// Stored samples and write results as channel values (protocol/channel-api.md#plugin-channel and protocol/record-shapes.md). Integers are Swift `Int`s on
/// iOS, which Flutter's iOS codec writes as int64 (tag 4) however small.
package enum RecordEncoding {
  package static func integer(_ value: Int) -> ChannelValue { .swiftInt(value) }

  /// One sample in the shape of protocol/record-shapes.md: `uuid`, `type` (the CKType it is
  /// shown under), `hkType`, `start`, `end`, the kind's fields, `metadata`, `source`.
  package static func sample(_ sample: StoredSample, type: String, store: HealthStore)
    -> ChannelValue
  {
    var pairs: [(String, ChannelValue)] = [
      ("uuid", .string(sample.uuid)),
      ("type", .string(type)),
      ("hkType", .string(sample.identifier)),
      ("start", integer(sample.start)),
      ("end", integer(sample.end)),
    ]
    switch sample.body {
    case .quantity(let quantity):
      pairs.append(("value", .float64(quantity.value)))
      pairs.append(("unit", .string(quantity.unit)))
    case .category(let raw):
      let name = store.categoryCaseName(identifier: sample.identifier, rawValue: raw)
      pairs.append(("value", .string(name)))
    case .bloodPressure(let systolic, let diastolic, let unit):
      pairs.append(("systolic", .float64(systolic)))
      pairs.append(("diastolic", .float64(diastolic)))
      pairs.append(("unit", .string(unit)))
    case .food(let nutrients):
      pairs.append(
        (
          "nutrients",
          .object(
            zip(CKTypeNames.nutrientKeys(of: sample, in: store), nutrients).map {
              ($0, amount($1.amount))
            })
        ))
    case .workout(let workout):
      pairs.append(("activityType", .string(workout.activityType)))
      pairs.append(("duration", .float64(Double(sample.duration) / 1000)))
      if let energy = workout.energy { pairs.append(("energy", amount(energy))) }
      if let distance = workout.distance { pairs.append(("distance", amount(distance))) }
    case .audiogram(let points):
      pairs.append(("points", .list(points.map(point))))
    case .electrocardiogram(let reading):
      pairs += SystemSampleEncoding.electrocardiogram(reading)
    case .clinicalRecord(let content):
      pairs += SystemSampleEncoding.clinicalRecord(content)
    case .empty:
      break
    }
    pairs.append(("metadata", metadata(sample.metadata)))
    pairs.append(("source", source(sample.source)))
    return .object(pairs)
  }

  static func amount(_ quantity: MeasuredQuantity) -> ChannelValue {
    .object([("value", .float64(quantity.value)), ("unit", .string(quantity.unit))])
  }

  static func point(_ point: AudiogramPoint) -> ChannelValue {
    var pairs: [(String, ChannelValue)] = [("frequencyHz", .float64(point.frequencyHz))]
    if let left = point.leftDb { pairs.append(("leftDb", .float64(left))) }
    if let right = point.rightDb { pairs.append(("rightDb", .float64(right))) }
    return .object(pairs)
  }

  static func metadata(_ entries: [MetadataEntry]) -> ChannelValue {
    .object(
      entries.map { entry in
        switch entry.value {
        case .string(let string): return (entry.key, .string(string))
        case .int(let int): return (entry.key, integer(int))
        case .double(let double): return (entry.key, .float64(double))
        }
      })
  }

  package static func source(_ source: SampleSource) -> ChannelValue {
    var pairs: [(String, ChannelValue)] = [("bundleId", .string(source.bundleId))]
    if let name = source.name { pairs.append(("name", .string(name))) }
    return .object(pairs)
  }

  /// `writeRecord`'s reply: `{"uuid", "hkType"}`, plus `members` for a composite.
  package static func written(_ record: WrittenRecord) -> ChannelValue {
    var pairs: [(String, ChannelValue)] = [
      ("uuid", .string(record.uuid)), ("hkType", .string(record.identifier)),
    ]
    if let members = record.members {
      pairs.append(
        (
          "members",
          .list(
            members.map {
              .object([("uuid", .string($0.uuid)), ("hkType", .string($0.identifier))])
            })
        ))
    }
    return .object(pairs)
  }

  /// The snapshot's `workoutsInProgress`: `{sessionId, activityType, locationType?, start, live}`.
  package static func session(_ session: WorkoutSession) -> ChannelValue {
    var pairs: [(String, ChannelValue)] = [
      ("sessionId", .string(session.id)), ("activityType", .string(session.activityType)),
    ]
    if let location = session.location { pairs.append(("locationType", .string(location))) }
    pairs.append(("start", integer(session.start)))
    pairs.append(("live", .bool(session.live)))
    return .object(pairs)
  }
}
