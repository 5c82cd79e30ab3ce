import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// The `health` profile's `writeAudiogram`.
extension HealthWriteMethods {
  // MARK: writeAudiogram

  @Sendable
  static func writeAudiogram(_ call: MethodContext) throws -> ChannelValue {
    let args = CastArguments(call.rawArguments)
    guard let frequencies = args.doubles("frequencies"),
      let left = args.doubles("leftEarSensitivities"),
      let right = args.doubles("rightEarSensitivities"),
      let startArgument = args.number("startTime"), let endArgument = args.number("endTime")
    else { throw HealthProfileErrors.write("audiogram") }
    let what = "writeAudiogram"
    guard !frequencies.isEmpty else {
      throw crash(what, "frequencies is empty; the host's loop over 0...count-1 traps")
    }
    guard left.count >= frequencies.count, right.count >= frequencies.count else {
      throw crash(
        what,
        "\(frequencies.count) frequencies but \(left.count) left and \(right.count) right "
          + "sensitivities; the host indexes past the end and the app crashes")
    }
    var metadata: [MetadataEntry] = []
    switch args.value("metadata") {
    case .map?:
      let given = CastArguments(args.value("metadata") ?? .null)
      guard let device = given.string("HKDeviceName"), let external = given.string("HKExternalUUID")
      else {
        throw HealthProfileError.hostFailure(
          code: "WRITE_ERROR",
          message:
            "\(what): metadata needs both HKDeviceName and HKExternalUUID as strings; with "
            + "either missing the host returns without replying and the Dart future never "
            + "completes",
          iosBehavior: .noReply)
      }
      metadata = [
        MetadataEntry("HKDeviceName", .string(device)),
        MetadataEntry("HKExternalUUID", .string(external)),
      ]
    case nil:
      throw crash(
        what,
        "no metadata key; the host force-unwraps the missing value (send metadata: null for "
          + "none, as the Dart side does)")
    default:
      break
    }
    let access = HealthStoreAccess(store: call.store)
    let start = HostDate.milliseconds(startArgument)
    let end = HostDate.milliseconds(endArgument)
    try checkOrder(start, end, what)
    let identifier =
      Catalogue.info(named: "audiogramSampleType")?.identifier ?? "audiogramSampleType"
    let points = frequencies.indices.map {
      AudiogramPoint(frequencyHz: frequencies[$0], leftDb: left[$0], rightDb: right[$0])
    }
    return save(
      access,
      container: .init(
        identifier: identifier, start: start, end: end, body: .audiogram(points),
        metadata: metadata), sharing: [identifier])
  }
}
