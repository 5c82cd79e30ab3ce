import ChannelTestSupport
import FlutterCodec
import HealthStore
import Testing

@testable import ControlChannel
@testable import PluginHost

/// `addActivitySummaries`, `addElectrocardiograms`, `addClinicalRecords`: what only the system
/// writes, put in the store by a test.
@Suite struct SystemRecordControlTests {
  let allergy = "HKClinicalTypeIdentifierAllergyRecord"

  func summary(_ fields: [(String, ChannelValue)]) -> ChannelValue {
    .object([("year", 2024), ("month", 1), ("day", 2)] + fields)
  }

  func ecg(_ fields: [(String, ChannelValue)] = []) -> ChannelValue {
    .object([("start", .int64(Int64(t0))), ("end", .int64(Int64(t0 + 30_000)))] + fields)
  }

  func clinical(_ fields: [(String, ChannelValue)] = []) -> ChannelValue {
    .object(
      [("type", .string(allergy)), ("start", .int64(Int64(t0))), ("displayName", "Penicillin")]
        + fields)
  }

  /// The error's code and `details.field` of a control call that must fail.
  func refusal(_ h: Harness, _ method: String, _ args: ChannelValue) -> (String?, ChannelValue?) {
    let error = h.control(method, args)?.error
    return (error?.code, error?.details["field"])
  }

  @Test func summariesAreStoredAndShownInTheSnapshot() {
    let h = Harness()
    #expect(h.control("snapshot")?.value?["activitySummaries"] == nil)
    let reply = h.control(
      "addActivitySummaries",
      [
        "summaries": .list([
          summary([("activeEnergyBurned", 410.5), ("moveMode", "appleMoveTime")])
        ])
      ])
    #expect(reply == .success(.null))
    #expect(h.store.storedActivitySummaries.map(\.activeEnergyBurned) == [410.5])
    let listed = h.control("snapshot")?.value?["activitySummaries"]?.listValue
    #expect(listed?.count == 1)
    #expect(listed?.first?["moveMode"] == "appleMoveTime")
    #expect(listed?.first?["day"] == .int64(2))
    #expect(listed?.first?["activeEnergyBurned"] == .float64(410.5))
    h.setUp("reset")
    #expect(h.store.storedActivitySummaries.isEmpty)
  }

  @Test(arguments: [
    (
      ChannelValue.object([("summaries", .list([.object([("month", 1), ("day", 2)])]))]),
      "summaries[0].year"
    ),
    (
      .object([("summaries", .list([.object([("year", 2024), ("month", 2), ("day", 30)])]))]),
      "summaries[0].day"
    ),
    (
      .object([
        (
          "summaries",
          .list([.object([("year", 2024), ("month", 1), ("day", 2), ("standHours", -1)])])
        )
      ]), "summaries[0].standHours"
    ),
    (
      .object([
        (
          "summaries",
          .list([.object([("year", 2024), ("month", 1), ("day", 2), ("moveMode", "steps")])])
        )
      ]), "summaries[0].moveMode"
    ),
    (
      .object([
        ("summaries", .list([.object([("year", 2024), ("month", 1), ("day", 2), ("energy", 1)])]))
      ]), "summaries[0].energy"
    ),
    (.object([("summaries", .list([.int32(1)]))]), "summaries[0]"),
    (.object([("summary", .list([]))]), "summary"),
  ])
  func summaryErrorsNameTheField(args: ChannelValue, field: String) {
    let h = Harness()
    let (code, named) = refusal(h, "addActivitySummaries", args)
    #expect(code == "INVALID_ARGUMENTS")
    #expect(named == .string(field))
    #expect(h.store.storedActivitySummaries.isEmpty)
  }

  @Test func ecgsAreSamplesOfTheirSourceWithTheirRecording() {
    let h = Harness()
    let reply = h.control(
      "addElectrocardiograms",
      [
        "records": .list([
          ecg([
            ("classification", "atrialFibrillation"), ("symptomsStatus", 2),
            ("averageHeartRate", 88), ("samplingFrequency", 512),
            ("microvolts", .float64List([1.5, -2, 3])),
          ])
        ]),
        "source": ["bundleId": "com.apple.health.watch"],
      ])
    let uuids = reply?.value?["uuids"]?.listValue
    #expect(uuids?.count == 1)
    let sample = h.control("snapshot")?.value?["samples"]?.listValue?.first
    #expect(sample?["hkType"] == "HKDataTypeIdentifierElectrocardiogram")
    #expect(sample?["classification"] == "atrialFibrillation")
    #expect(sample?["symptomsStatus"] == "present")
    #expect(sample?["averageHeartRate"] == .float64(88))
    #expect(sample?["numberOfVoltageMeasurements"] == .int64(3))
    #expect(sample?["source"] == .object([("bundleId", "com.apple.health.watch")]))
    guard case .string(let uuid)? = uuids?.first else { return }
    h.store.setAuthorization("HKDataTypeIdentifierElectrocardiogram", share: nil, read: .granted)
    #expect(
      (try? h.store.voltageMeasurements(ofElectrocardiogram: uuid))?.map(\.microvolts)
        == [1.5, -2, 3])
    let deleted = h.control("deleteSamples", ["uuids": .list([.string(uuid)])])
    #expect(deleted?.value?["deleted"] == .list([.string(uuid)]))
  }

  @Test(arguments: [
    (ChannelValue.list([.object([("end", 1)])]), "INVALID_ARGUMENTS", "records[0].start"),
    (
      .list([.object([("start", .int64(Int64(t0))), ("classification", "sinus")])]),
      "INVALID_ARGUMENTS", "records[0].classification"
    ),
    (
      .list([.object([("start", .int64(Int64(t0))), ("classification", 7)])]), "INVALID_ARGUMENTS",
      "records[0].classification"
    ),
    (
      .list([.object([("start", .int64(Int64(t0))), ("microvolts", .list([1, "a"]))])]),
      "INVALID_ARGUMENTS", "records[0].microvolts[1]"
    ),
    (
      .list([.object([("start", .int64(Int64(t0))), ("microvolts", .list([1]))])]),
      "INVALID_ARGUMENTS", "records[0].samplingFrequency"
    ),
    (
      .list([
        .object([
          ("start", .int64(Int64(t0))), ("samplingFrequency", 512), ("microvolts", .list([1, 2])),
        ])
      ]), "INVALID_ARGUMENTS", "records[0].microvolts"
    ),
    (
      .list([.object([("start", .int64(Int64(t0))), ("end", 0)])]), "INVALID_ARGUMENTS",
      "records[0].end"
    ),
    (.list([.object([("start", -1)])]), "INVALID_ARGUMENTS", "records[0].start"),
    (
      .list([.object([("start", .int64(Int64(t0))), ("voltages", .list([]))])]),
      "INVALID_ARGUMENTS", "records[0].voltages"
    ),
  ])
  func ecgErrorsNameTheField(records: ChannelValue, code: String, field: String) {
    let h = Harness()
    let (found, named) = refusal(h, "addElectrocardiograms", ["records": records])
    #expect(found == code)
    #expect(named == .string(field))
    #expect(h.store.storedSampleCount == 0)
  }

  @Test func ecgsNeedIOS14() {
    let h = Harness(os: "13.7")
    let (code, field) = refusal(h, "addElectrocardiograms", ["records": .list([ecg()])])
    #expect(code == "TYPE_UNAVAILABLE_ON_OS")
    #expect(field == "records[0]")
  }

  @Test func clinicalRecordsAreSamplesWithTheirResource() {
    let h = Harness()
    let reply = h.control(
      "addClinicalRecords",
      [
        "records": .list([
          clinical([
            (
              "fhirResource",
              [
                "resourceType": "AllergyIntolerance", "identifier": "a1",
                "data": "{\"resourceType\":\"AllergyIntolerance\"}",
                "sourceURL": "https://fhir.example.org/AllergyIntolerance/a1",
              ]
            )
          ]),
          .object([
            ("type", "conditionRecord"), ("start", .int64(Int64(t0))), ("displayName", "Asthma"),
          ]),
        ])
      ])
    #expect(reply?.value?["uuids"]?.listValue?.count == 2)
    let samples = h.control("snapshot")?.value?["samples"]?.listValue
    #expect(samples?.first?["displayName"] == "Penicillin")
    #expect(
      samples?.first?["fhirResource"]
        == .object([
          ("resourceType", "AllergyIntolerance"), ("identifier", "a1"), ("fhirVersion", "4.0.1"),
          ("sourceURL", "https://fhir.example.org/AllergyIntolerance/a1"),
        ]))
    #expect(samples?.last?["hkType"] == "HKClinicalTypeIdentifierConditionRecord")
    #expect(samples?.first?["source"] == .object([("bundleId", "com.apple.Health")]))
  }

  @Test(arguments: [
    (
      ChannelValue.list([
        .object([("type", "HKQuantityTypeIdentifierStepCount"), ("start", 0), ("displayName", "x")])
      ]), "INVALID_ARGUMENTS", "records[0].type"
    ),
    (
      .list([.object([("type", "alergyRecord"), ("start", 0), ("displayName", "x")])]),
      "UNSUPPORTED_TYPE", "records[0].type"
    ),
    (
      .list([.object([("type", "allergyRecord"), ("start", 0)])]), "INVALID_ARGUMENTS",
      "records[0].displayName"
    ),
    (
      .list([.object([("type", "allergyRecord"), ("start", 0), ("displayName", "")])]),
      "INVALID_ARGUMENTS", "records[0].displayName"
    ),
    (
      .list([
        .object([
          ("type", "allergyRecord"), ("start", 0), ("displayName", "x"),
          ("fhirResource", .object([("resourceType", "Allergy"), ("identifier", "a")])),
        ])
      ]), "INVALID_ARGUMENTS", "records[0].fhirResource.resourceType"
    ),
    (
      .list([
        .object([
          ("type", "allergyRecord"), ("start", 0), ("displayName", "x"),
          (
            "fhirResource",
            .object([("resourceType", "Condition"), ("identifier", "a"), ("data", 3)])
          ),
        ])
      ]), "INVALID_ARGUMENTS", "records[0].fhirResource.data"
    ),
    (
      .list([
        .object([
          ("type", "allergyRecord"), ("start", 0), ("displayName", "x"),
          (
            "fhirResource",
            .object([("resourceType", "Condition"), ("identifier", "a"), ("version", "4.0.1")])
          ),
        ])
      ]), "INVALID_ARGUMENTS", "records[0].fhirResource.version"
    ),
    (
      .list([
        .object([
          ("type", "allergyRecord"), ("start", 0), ("displayName", "x"),
          (
            "fhirResource",
            .object([("resourceType", "Condition"), ("identifier", "a"), ("fhirVersion", "3.0.1")])
          ),
        ])
      ]), "INVALID_ARGUMENTS", "records[0].fhirResource.fhirVersion"
    ),
  ])
  func clinicalErrorsNameTheField(records: ChannelValue, code: String, field: String) {
    let h = Harness()
    let (found, named) = refusal(h, "addClinicalRecords", ["records": records])
    #expect(found == code)
    #expect(named == .string(field))
    #expect(h.store.storedSampleCount == 0)
  }

  @Test func aBadSourceIsRefusedAsInAddSamples() {
    let h = Harness()
    let (code, field) = refusal(
      h, "addClinicalRecords", ["records": .list([clinical()]), "source": ["bundleId": ""]])
    #expect(code == "INVALID_ARGUMENTS")
    #expect(field == "source.bundleId")
  }
}
