/// What many samples share: their type, their source and, for a quantity, its unit. The store
/// keeps each distinct one once, in a `SampleKinds` table, and a sample keeps its number.
struct SampleKind: Hashable, Sendable {
  var identifier: String
  var source: SampleSource
  /// The unit of a quantity sample; nil for any other body.
  var unit: String?
  /// The device that recorded the sample.
  var device: SampleDevice?
}

/// The distinct kinds of the stored samples, each numbered once.
struct SampleKinds: Sendable {
  private var kinds: [SampleKind] = []
  private var numbers: [SampleKind: UInt32] = [:]

  /// The number of `kind`, adding it when new.
  mutating func number(of kind: SampleKind) -> UInt32 {
    if let number = numbers[kind] { return number }
    // A table of 2^32 kinds would need hundreds of GiB first; truncating cannot trap.
    let number = UInt32(truncatingIfNeeded: kinds.count)
    kinds.append(kind)
    numbers[kind] = number
    return number
  }

  subscript(number: UInt32) -> SampleKind { kinds[Int(number)] }
}

/// The value of a packed sample: a quantity's number or a category's raw value kept inline,
/// any other body in the sample's `SampleDetails`.
enum PackedValue: Sendable {
  case quantity(Double)
  case category(Int)
  case inDetails
}

/// What only some samples have (a body other than a quantity or category, metadata, a
/// correlation's container or members, a workout's association), kept out of line so that the common sample stays small.
final class SampleDetails: Sendable {
  let body: SampleBody
  let metadata: [MetadataEntry]
  let container: String?
  let members: [String]
  let workout: String?

  init(
    body: SampleBody, metadata: [MetadataEntry], container: String?, members: [String],
    workout: String?
  ) {
    self.body = body
    self.metadata = metadata
    self.container = container
    self.members = members
    self.workout = workout
  }
}

/// A `StoredSample` as the store keeps it: 64 bytes instead of 208, with what it shares with
/// other samples in the kind table. Packing and unpacking give back an equal sample.
struct PackedSample: Sendable {
  var uuid: String
  var start: Int
  var end: Int
  var sequence: Int
  var value: PackedValue
  var kind: UInt32
  var details: SampleDetails?

  init(_ sample: StoredSample, kinds: inout SampleKinds) {
    uuid = sample.uuid
    start = sample.start
    end = sample.end
    sequence = sample.sequence
    var unit: String?
    var outOfLine: SampleBody?
    switch sample.body {
    case .quantity(let quantity):
      value = .quantity(quantity.value)
      unit = quantity.unit
    case .category(let rawValue):
      value = .category(rawValue)
    default:
      value = .inDetails
      outOfLine = sample.body
    }
    kind = kinds.number(
      of: SampleKind(
        identifier: sample.identifier, source: sample.source, unit: unit, device: sample.device))
    if outOfLine != nil || !sample.metadata.isEmpty || sample.container != nil
      || !sample.members.isEmpty || sample.workout != nil
    {
      details = SampleDetails(
        body: outOfLine ?? .empty, metadata: sample.metadata, container: sample.container,
        members: sample.members, workout: sample.workout)
    }
  }

  /// The identifier, without unpacking the rest.
  func identifier(in kinds: SampleKinds) -> String { kinds[kind].identifier }

  /// the overlap rule in protocol/healthkit-rules.md#time, as `StoredSample.overlaps`.
  func overlaps(start rangeStart: Int, end rangeEnd: Int) -> Bool {
    if start == end { return rangeStart <= start && start < rangeEnd }
    return start < rangeEnd && end > rangeStart
  }

  func unpacked(_ kinds: SampleKinds) -> StoredSample {
    let kind = kinds[kind]
    let body: SampleBody
    switch value {
    case .quantity(let number):
      body = .quantity(MeasuredQuantity(value: number, unit: kind.unit ?? ""))
    case .category(let rawValue):
      body = .category(rawValue: rawValue)
    case .inDetails:
      body = details?.body ?? .empty
    }
    return StoredSample(
      uuid: uuid, identifier: kind.identifier, start: start, end: end,
      body: body, metadata: details?.metadata ?? [], source: kind.source,
      container: details?.container, members: details?.members ?? [],
      workout: details?.workout, sequence: sequence, device: kind.device)
  }
}
