import CKTypeRecords
import HealthKitModel
import Testing

@Suite struct TypesTableTests {
  static func row(_ ckType: String, _ os: OSVersion) -> TypesRow? {
    TypesTable.rows(os: os).first { $0.ckType == ckType }
  }

  @Test func oneRowPerCKTypeSorted() {
    for os in [OSVersion(12), OSVersion(17, 5)] {
      let rows = TypesTable.rows(os: os)
      #expect(rows.map(\.ckType) == rows.map(\.ckType).sorted())
      #expect(rows.count == RecordTypeMapper.rows.count)
      // A row answers read and write with no reason, or names the reason.
      for row in rows {
        #expect((row.reason == nil) == (row.read && row.write), "\(row.ckType)")
      }
    }
  }

  /// Every seed row, on both iOS versions of story 2 of protocol/goldens.md#the-required-stories.
  @Test(arguments: SeedTable.writable)
  func writableRows(ckType: String, identifier: String, os: String) throws {
    let minimum = try OSVersion.parse(os)
    for device in [OSVersion(12), OSVersion(17, 5)] {
      let row = try #require(Self.row(ckType, device))
      #expect(row.hkIdentifier == identifier)
      #expect(row.minimumOS == minimum)
      let available = device >= minimum
      #expect(row.read == available)
      #expect(row.write == available)
      #expect(row.reason == (available ? nil : .requiresNewerOS))
    }
  }

  @Test(arguments: SeedTable.readOnly)
  func readOnlyRows(ckType: String, identifier: String, os: String, reason: RefusalReason) throws {
    let minimum = try OSVersion.parse(os)
    for device in [OSVersion(12), OSVersion(17, 5)] {
      let row = try #require(Self.row(ckType, device))
      #expect(row.hkIdentifier == identifier)
      #expect(row.minimumOS == minimum)
      #expect(row.write == false)
      #expect(row.read == (device >= minimum))
      #expect(row.reason == (device >= minimum ? reason : .requiresNewerOS))
    }
  }

  @Test(arguments: SeedTable.unsupported)
  func unsupportedRows(ckType: String, reason: RefusalReason) throws {
    let row = try #require(Self.row(ckType, OSVersion(17, 5)))
    #expect(row.hkIdentifier == nil)
    #expect(row.minimumOS == nil)
    #expect(!row.read && !row.write)
    #expect(row.reason == reason)
  }

  @Test func kinds() throws {
    let os = OSVersion(17, 5)
    #expect(try #require(Self.row("steps", os)).kind == "quantity")
    #expect(try #require(Self.row("menstrualFlow", os)).kind == "category")
    #expect(try #require(Self.row("bloodType", os)).kind == "characteristic")
    #expect(try #require(Self.row("bloodPressure", os)).kind == "correlation")
    #expect(try #require(Self.row("workout", os)).kind == "workout")
    #expect(try #require(Self.row("audiogram", os)).kind == "audiogram")
    #expect(try #require(Self.row("electrocardiogram", os)).kind == "electrocardiogram")
    #expect(try #require(Self.row("speed", os)).kind == "workoutComponent")
    #expect(try #require(Self.row("workout.distance", os)).kind == "workoutComponent")
    #expect(try #require(Self.row("totalEnergy", os)).kind == "unsupported")
    #expect(try #require(Self.row("sleepSession.deep", os)).kind == "category")
  }

  @Test func sleepStagesAcrossIOS16() throws {
    let before = try #require(Self.row("sleepSession.deep", OSVersion(15, 9)))
    #expect(before.reason == .requiresNewerOS && !before.read)
    let after = try #require(Self.row("sleepSession.deep", OSVersion(16)))
    #expect(after.reason == nil && after.read && after.write)
    #expect(after.minimumOS?.description == "16.0")
    #expect(after.hkIdentifier == "HKCategoryTypeIdentifierSleepAnalysis")
  }

  @Test func unknownCKTypeHasNoRow() {
    #expect(TypesTable.row(for: "lactation", os: OSVersion(17, 5)) == nil)
  }
}
