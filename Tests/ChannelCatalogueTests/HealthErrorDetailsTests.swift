import FlutterCodec
import HealthKitModel
import HealthStore
import Testing

@testable import ChannelCatalogue

/// The three layers of an error reach the wire through one mapping: the store's facts
/// (`hkErrorCode`, `type`), the caller's naming (`field`, `didYouMean`, `expected`) and the
/// reason's facts, then `iosBehavior`, in the catalogue's fixed key order
/// (protocol/errors.md#the-envelope).
@Suite struct HealthErrorDetailsTests {
  static let v17 = OSVersion(17, 0)
  static let v16 = OSVersion(16, 4)

  @Test func everyPartKeepsItsPlaceInTheKeyOrder() {
    let error = HealthError(
      .typeUnavailableOnOS, "too new", hkErrorCode: 3, type: "T",
      reason: .requiresNewerOS(minimum: Self.v17, device: Self.v16), raisesException: true,
      naming: CallerNaming(field: "f", didYouMean: "d", expected: "e"))
    let reply = PermissionsErrorMapping.flutterError(error)
    #expect(reply.code == "TYPE_UNAVAILABLE_ON_OS")
    // {"hkErrorCode": 3 (int64), "type": "T", "field": "f", "didYouMean": "d", "expected": "e",
    //  "minimumOS": "17.0", "deviceOS": "16.4", "reason": "requiresNewerOS",
    //  "iosBehavior": "exception"}
    #expect(
      StandardMessageCodec().encode(reply.details)
        == [
          0x0d, 0x09, 0x07, 0x0b, 0x68, 0x6b, 0x45, 0x72, 0x72, 0x6f, 0x72, 0x43, 0x6f, 0x64, 0x65,
          0x04, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x07, 0x04, 0x74, 0x79, 0x70, 0x65,
          0x07, 0x01, 0x54, 0x07, 0x05, 0x66, 0x69, 0x65, 0x6c, 0x64, 0x07, 0x01, 0x66, 0x07, 0x0a,
          0x64, 0x69, 0x64, 0x59, 0x6f, 0x75, 0x4d, 0x65, 0x61, 0x6e, 0x07, 0x01, 0x64, 0x07, 0x08,
          0x65, 0x78, 0x70, 0x65, 0x63, 0x74, 0x65, 0x64, 0x07, 0x01, 0x65, 0x07, 0x09, 0x6d, 0x69,
          0x6e, 0x69, 0x6d, 0x75, 0x6d, 0x4f, 0x53, 0x07, 0x04, 0x31, 0x37, 0x2e, 0x30, 0x07, 0x08,
          0x64, 0x65, 0x76, 0x69, 0x63, 0x65, 0x4f, 0x53, 0x07, 0x04, 0x31, 0x36, 0x2e, 0x34, 0x07,
          0x06, 0x72, 0x65, 0x61, 0x73, 0x6f, 0x6e, 0x07, 0x0f, 0x72, 0x65, 0x71, 0x75, 0x69, 0x72,
          0x65, 0x73, 0x4e, 0x65, 0x77, 0x65, 0x72, 0x4f, 0x53, 0x07, 0x0b, 0x69, 0x6f, 0x73, 0x42,
          0x65, 0x68, 0x61, 0x76, 0x69, 0x6f, 0x72, 0x07, 0x09, 0x65, 0x78, 0x63, 0x65, 0x70, 0x74,
          0x69, 0x6f, 0x6e,
        ])
  }

  /// An all-or-nothing refusal: the first type's reason and versions, then every refused type
  /// with its own code, reason and (for a type too new) minimum version.
  @Test func refusedTypesListEveryTypeAfterTheFirstOnesReason() {
    let tooNew = HealthError.Reason.requiresNewerOS(minimum: Self.v17, device: Self.v16)
    let problems = [
      TypeProblem(type: "T", code: .typeUnavailableOnOS, reason: tooNew, message: "m"),
      TypeProblem(
        type: "U", code: .unsupportedType, reason: .refused(.unknownType), message: "n",
        naming: CallerNaming(didYouMean: "V", expected: "ckType")),
    ]
    let error = HealthError(
      .typeUnavailableOnOS, "refused", type: "T",
      reason: .refusedTypes(first: tooNew, problems), naming: problems[0].naming)
    #expect(
      PermissionsErrorMapping.flutterError(error).details
        == .object([
          ("type", "T"), ("minimumOS", "17.0"), ("deviceOS", "16.4"),
          ("reason", "requiresNewerOS"),
          (
            "types",
            [
              .object([
                ("type", "T"), ("code", "TYPE_UNAVAILABLE_ON_OS"), ("reason", "requiresNewerOS"),
                ("minimumOS", "17.0"), ("message", "m"),
              ]),
              .object([
                ("type", "U"), ("code", "UNSUPPORTED_TYPE"), ("reason", "unknownType"),
                ("message", "n"),
              ]),
            ]
          ),
        ]))
  }

  @Test func eachReasonBringsItsOwnFacts() {
    func details(_ error: HealthError) -> ChannelValue {
      PermissionsErrorMapping.flutterError(error).details
    }
    #expect(
      details(
        HealthError(
          .unsupportedType, "no distance", type: "workout.distance",
          reason: .workoutComponent(
            .activityNotSupported, allowedActivities: ["cycling", "running"])))
        == .object([
          ("type", "workout.distance"), ("reason", "activityNotSupported"),
          ("allowedActivities", ["cycling", "running"]),
        ]))
    #expect(
      details(
        HealthError(
          .healthDataUnavailable, "old iPad", hkErrorCode: 1,
          reason: .unavailableOnDevice(os: Self.v16)))
        == .object([("hkErrorCode", .int64(1)), ("deviceOS", "16.4")]))
    #expect(
      details(HealthError(.unsupportedType, "x", type: "A", reason: .notCharacteristic))
        == .object([("type", "A"), ("reason", "notCharacteristic")]))
    #expect(
      details(
        HealthError(
          .readOnlyType, "x", type: "A", reason: .refused(.clinical), raisesException: true))
        == .object([("type", "A"), ("reason", "clinical"), ("iosBehavior", "exception")]))
    #expect(details(HealthError(.readError, "x")) == .object([]))
  }

  /// The caller names where a value came from; a record in a list is named under its place,
  /// keeping the spelling hints.
  @Test func theCallersNamingIsMovedUnderARecordsPlace() {
    let error = HealthError(.invalidArguments, "bad unit")
      .named(field: "unit", didYouMean: "count/min")
    let located = RecordPaths.located(error, in: "records[2]")
    #expect(located.naming == CallerNaming(field: "records[2].unit", didYouMean: "count/min"))
    #expect(located.summary == "records[2]: bad unit")
    #expect(
      PermissionsErrorMapping.flutterError(located).details
        == .object([("field", "records[2].unit"), ("didYouMean", "count/min")]))
  }
}
