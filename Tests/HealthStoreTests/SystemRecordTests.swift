import HealthKitModel
import Testing

@testable import HealthStore

/// Activity summaries, ECGs with their voltages and clinical records: what only the system
/// writes, kept by the store and read with the privacy rule.
@Suite struct SystemRecordTests {
  let watch = SampleSource(bundleId: "com.apple.health.watch", name: "Apple Watch")
  let ecg = HealthStore.electrocardiogramIdentifier
  let summaryType = HealthStore.activitySummaryIdentifier
  /// 2024-01-01T00:00:00Z.
  let t0 = 1_704_067_200_000

  func day(_ day: Int, energy: Double = 0) -> ActivitySummary {
    ActivitySummary(year: 2024, month: 1, day: day, activeEnergyBurned: energy)
  }

  func invalidField(_ body: () throws(HealthError) -> Void) -> String? {
    do {
      try body()
      return nil
    } catch {
      #expect(error.code == .invalidArguments)
      return error.field
    }
  }

  // MARK: Activity summaries

  @Test func summariesAreOnePerDayInDayOrderWithinTheRange() throws {
    let store = HealthStore()
    store.setAuthorization(summaryType, share: nil, read: .granted)
    store.addActivitySummaries([day(3, energy: 300), day(1, energy: 100)])
    store.addActivitySummaries([day(2, energy: 200), day(3, energy: 333)])
    let all = try store.readActivitySummaries(from: nil, through: nil)
    #expect(all.map(\.day) == [1, 2, 3])
    #expect(all.map(\.activeEnergyBurned) == [100, 200, 333])
    let first = CivilDate.daysFromEpoch(2024, 1, 2)
    #expect(try store.readActivitySummaries(from: first, through: first).map(\.day) == [2])
    #expect(try store.readActivitySummaries(from: first, through: nil, limit: 1).map(\.day) == [2])
    #expect(try store.readActivitySummaries(from: first + 1, through: first).isEmpty)
    #expect(store.activitySummaryGeneration == 2)
  }

  @Test func summariesFollowTheReadDecision() throws {
    let store = HealthStore()
    store.addActivitySummaries([day(1)])
    do {
      _ = try store.readActivitySummaries(from: nil, through: nil)
      Issue.record("a read never asked for answered")
    } catch {
      #expect(error.code == .authorizationNotDetermined)
      #expect(error.hkErrorCode == 5)
    }
    store.setAuthorization(summaryType, share: nil, read: .denied)
    #expect(try store.readActivitySummaries(from: nil, through: nil).isEmpty)
    store.setAuthorization(summaryType, share: nil, read: .granted)
    #expect(try store.readActivitySummaries(from: nil, through: nil).count == 1)
  }

  @Test func resetEmptiesSummaries() {
    let store = HealthStore()
    store.addActivitySummaries([day(1)])
    store.reset()
    #expect(store.storedActivitySummaries.isEmpty)
    #expect(store.activitySummaryGeneration == 0)
  }

  @Test func summaryChecksNameTheField() {
    var bad = day(1)
    bad.day = 32
    #expect(invalidField { () throws(HealthError) in try bad.check(field: "s[0]") } == "s[0].day")
    bad = ActivitySummary(year: 2023, month: 2, day: 29)
    #expect(invalidField { () throws(HealthError) in try bad.check(field: "s[0]") } == "s[0].day")
    bad = day(1)
    bad.standHoursGoal = -1
    #expect(
      invalidField { () throws(HealthError) in try bad.check(field: "s[0]") }
        == "s[0].standHoursGoal")
    bad = day(1)
    bad.moveMode = 3
    #expect(
      invalidField { () throws(HealthError) in try bad.check(field: "s[0]") } == "s[0].moveMode")
    #expect(invalidField { () throws(HealthError) in try day(1).check(field: "s[0]") } == nil)
  }

  @Test func addingSummariesIsAChangeForStreams() {
    let store = HealthStore()
    store.setJournaling(true)
    store.addActivitySummaries([day(1)])
    let change = store.takeChange(since: 0)
    #expect(change?.activitySummariesChanged == true)
    #expect(change?.entries.isEmpty == true)
    #expect(store.takeChange(since: 0) == nil)
  }

  // MARK: Electrocardiograms

  func recording(_ microvolts: [Double] = [10, -20, 30]) -> ElectrocardiogramReading {
    ElectrocardiogramReading(
      classification: 1, symptomsStatus: 1, averageHeartRate: 62, samplingFrequency: 512,
      microvolts: microvolts)
  }

  @Test func anECGKeepsItsVoltagesInOrderAndIsReadAsASample() throws {
    let store = HealthStore()
    let planned = try store.plannedElectrocardiogram(
      start: t0, end: t0 + 30_000, reading: recording(), field: "records[0]")
    let uuid = try #require(store.save(PlannedObjects(main: planned), source: watch).main)
    store.setAuthorization(ecg, share: nil, read: .granted)
    let found = try #require(store.read(SampleQuery(identifier: ecg)))
    #expect(found.map(\.uuid) == [uuid])
    #expect(found.first?.body == .electrocardiogram(recording()))
    let measurements = try store.voltageMeasurements(ofElectrocardiogram: uuid)
    #expect(measurements.map(\.microvolts) == [10, -20, 30])
    #expect(measurements.map(\.timeSinceSampleStart) == [0, 1.0 / 512, 2.0 / 512])
  }

  @Test func ecgVoltagesFollowTheReadDecision() throws {
    let store = HealthStore()
    let planned = try store.plannedElectrocardiogram(
      start: t0, end: t0 + 30_000, reading: recording(), field: "records[0]")
    let uuid = try #require(store.save(PlannedObjects(main: planned), source: watch).main)
    do {
      _ = try store.voltageMeasurements(ofElectrocardiogram: uuid)
      Issue.record("a read never asked for answered")
    } catch {
      #expect(error.code == .authorizationNotDetermined)
    }
    store.setAuthorization(ecg, share: nil, read: .denied)
    #expect(try store.voltageMeasurements(ofElectrocardiogram: uuid).isEmpty)
    #expect(store.read(SampleQuery(identifier: ecg))?.isEmpty == true)
  }

  @Test func deletingAnECGIsLogged() throws {
    let store = HealthStore()
    let planned = try store.plannedElectrocardiogram(
      start: t0, end: nil, reading: ElectrocardiogramReading(), field: "records[0]")
    let uuid = try #require(store.save(PlannedObjects(main: planned), source: watch).main)
    _ = store.delete([uuid])
    let changes = store.changes(of: ecg, since: 0, visibility: .all)
    #expect(changes.added.isEmpty)
    #expect(changes.deleted.map(\.uuid) == [uuid])
  }

  @Test func ecgChecksNameTheField() {
    let store = HealthStore()
    func field(_ reading: ElectrocardiogramReading, end: Int? = nil) -> String? {
      invalidField { () throws(HealthError) in
        _ = try store.plannedElectrocardiogram(
          start: t0, end: end ?? t0 + 30_000, reading: reading, field: "records[1]")
      }
    }
    var reading = recording()
    reading.classification = 7
    #expect(field(reading) == "records[1].classification")
    reading = recording()
    reading.symptomsStatus = 3
    #expect(field(reading) == "records[1].symptomsStatus")
    reading = recording()
    reading.averageHeartRate = 0
    #expect(field(reading) == "records[1].averageHeartRate")
    reading = recording()
    reading.samplingFrequency = nil
    #expect(field(reading) == "records[1].samplingFrequency")
    reading = recording([1, .nan])
    #expect(field(reading) == "records[1].microvolts[1]")
    // Three measurements at 512 Hz last 2/512 s: longer than a 3 ms sample.
    #expect(field(recording(), end: t0 + 3) == "records[1].microvolts")
    #expect(field(recording(), end: t0 - 1) == "records[1].end")
    #expect(field(recording(), end: t0 + 4) == nil)
  }

  @Test func ecgsNeedIOS14() {
    let store = HealthStore(osVersion: OSVersion(13, 7))
    do {
      _ = try store.plannedElectrocardiogram(
        start: t0, end: nil, reading: ElectrocardiogramReading(), field: "records[0]")
      Issue.record("an ECG was planned on iOS 13")
    } catch {
      #expect(error.code == .typeUnavailableOnOS)
      #expect(error.field == "records[0]")
    }
  }

  // MARK: Clinical records

  @Test func aClinicalRecordIsASampleOfItsClinicalType() throws {
    let store = HealthStore()
    let content = ClinicalRecordContent(
      displayName: "Penicillin",
      fhirResource: FHIRResourceContent(
        resourceType: "AllergyIntolerance", identifier: "a1", data: Array("{}".utf8)))
    let identifier = "HKClinicalTypeIdentifierAllergyRecord"
    let planned = try store.plannedClinicalRecord(
      identifier: identifier, start: t0, end: nil, content: content, field: "records[0]")
    let uuid = try #require(store.save(PlannedObjects(main: planned), source: watch).main)
    store.setAuthorization(identifier, share: nil, read: .granted)
    let found = try #require(store.read(SampleQuery(identifier: identifier)))
    #expect(found.map(\.uuid) == [uuid])
    #expect(found.first?.body == .clinicalRecord(content))
  }

  @Test func clinicalChecksNameTheField() {
    let store = HealthStore()
    func field(_ identifier: String, _ content: ClinicalRecordContent) -> String? {
      invalidField { () throws(HealthError) in
        _ = try store.plannedClinicalRecord(
          identifier: identifier, start: t0, end: nil, content: content, field: "records[0]")
      }
    }
    let allergy = "HKClinicalTypeIdentifierAllergyRecord"
    func resource(_ type: String, _ id: String = "x", _ version: String = "4.0.1")
      -> ClinicalRecordContent
    {
      ClinicalRecordContent(
        displayName: "x",
        fhirResource: FHIRResourceContent(
          resourceType: type, identifier: id, data: [], fhirVersion: version))
    }
    #expect(field(steps, ClinicalRecordContent(displayName: "x")) == "records[0].type")
    #expect(field(allergy, ClinicalRecordContent(displayName: "")) == "records[0].displayName")
    #expect(field(allergy, resource("Allergy")) == "records[0].fhirResource.resourceType")
    #expect(field(allergy, resource("Condition", "")) == "records[0].fhirResource.identifier")
    #expect(
      field(allergy, resource("Condition", "c", "3.0.0")) == "records[0].fhirResource.fhirVersion")
    #expect(field(allergy, resource("Condition")) == nil)
  }

  let steps = "HKQuantityTypeIdentifierStepCount"

  @Test func anUnknownClinicalTypeIsUnsupported() {
    let store = HealthStore()
    do {
      _ = try store.plannedClinicalRecord(
        identifier: "HKClinicalTypeIdentifierAlergyRecord", start: t0, end: nil,
        content: ClinicalRecordContent(displayName: "x"), field: "records[0]")
      Issue.record("an unknown type was planned")
    } catch {
      #expect(error.code == .unsupportedType)
      #expect(error.field == "records[0].type")
    }
  }
}
