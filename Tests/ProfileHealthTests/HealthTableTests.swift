import FlutterCodec
import HealthKitModel
import Testing

@testable import PluginHost
@testable import PluginProfiles
@testable import ProfileHealth

/// The `health` profile's tables agree with the HealthKit model.
@Suite struct HealthTableTests {
  @Test func everyDataTypeKeyNamesAHealthKitTypeOfItsKind() {
    for row in HealthDataTypeTable.rows {
      let info = Catalogue.info(named: row.typeName)
      #expect(info != nil, "\(row.key): no catalogue type \(row.typeName)")
      guard let info else { continue }
      switch row.kind {
      case .quantity: #expect(info.typeClass == .quantity, "\(row.key)")
      case .category: #expect(info.typeClass == .category, "\(row.key)")
      case .characteristic: #expect(info.typeClass == .characteristic, "\(row.key)")
      case .workout: #expect(info.typeClass == .workout, "\(row.key)")
      case .nutrition: #expect(info.typeClass == .correlation, "\(row.key)")
      case .audiogram: #expect(info.typeClass == .audiogram, "\(row.key)")
      case .electrocardiogram: #expect(info.typeClass == .electrocardiogram, "\(row.key)")
      }
      if let value = row.categoryValue {
        #expect(info.categoryCase(rawValue: value) != nil, "\(row.key): no case \(value)")
      }
    }
  }

  @Test func keysAreUniqueAndTheWellKnownOnesMapAsTheHostMapsThem() {
    let keys = HealthDataTypeTable.rows.map(\.key)
    #expect(Set(keys).count == keys.count)
    let os = OSVersion(17, 5)
    #expect(HealthDataTypeTable.row("STEPS", os: os)?.typeName == "stepCount")
    #expect(HealthDataTypeTable.row("WEIGHT", os: os)?.typeName == "bodyMass")
    #expect(HealthDataTypeTable.row("WATER", os: os)?.typeName == "dietaryWater")
    #expect(HealthDataTypeTable.row("BLOOD_OXYGEN", os: os)?.typeName == "oxygenSaturation")
    #expect(HealthDataTypeTable.row("SLEEP_DEEP", os: os)?.categoryValue == 4)
    #expect(HealthDataTypeTable.row("TOTAL_CALORIES_BURNED", os: os) == nil)
    // Version gates: UV_INDEX from iOS 16, ECG from 14, headache from 13.6.
    #expect(HealthDataTypeTable.row("UV_INDEX", os: OSVersion(15, 0)) == nil)
    #expect(HealthDataTypeTable.row("ELECTROCARDIOGRAM", os: OSVersion(13, 7)) == nil)
    #expect(HealthDataTypeTable.row("HEADACHE_MILD", os: OSVersion(13, 5)) == nil)
    #expect(HealthDataTypeTable.row("HEADACHE_MILD", os: OSVersion(13, 6)) != nil)
    // Statistics: quantity dictionary only (RESPIRATORY_RATE and EXERCISE_TIME are not in it).
    #expect(HealthDataTypeTable.statisticsRow("STEPS", os: OSVersion(11, 0)) != nil)
    #expect(HealthDataTypeTable.statisticsRow("RESPIRATORY_RATE", os: os) == nil)
    #expect(HealthDataTypeTable.statisticsRow("EXERCISE_TIME", os: os) == nil)
    #expect(HealthDataTypeTable.statisticsRow("UV_INDEX", os: OSVersion(15, 0)) == nil)
  }

  @Test func theNutritionListHas39TypesEachInTheCatalogue() {
    #expect(HealthNutritionTable.rows.count == 39)
    for row in HealthNutritionTable.rows {
      #expect(Catalogue.info(named: row.typeName)?.typeClass == .quantity, "\(row.typeKey)")
    }
    let mealKeys = HealthNutritionTable.rows.flatMap(\.mealKeys)
    #expect(Set(mealKeys).count == mealKeys.count)
    #expect(mealKeys.contains("b1_thiamine") && !mealKeys.contains("b1_thiamin"))
  }

  @Test func everyWorkoutKeyNamesAnActivityOfTheModel() {
    for row in HealthWorkoutTable.rows {
      #expect(WorkoutActivities.activity(named: row.activity) != nil, "\(row.key): \(row.activity)")
    }
    let os = OSVersion(17, 5)
    #expect(HealthWorkoutTable.activity("BIKING", os: os) == "cycling")
    #expect(HealthWorkoutTable.key(for: "running", os: os) == "RUNNING")
    #expect(HealthWorkoutTable.key(for: "swimming", os: os) == "SWIMMING")
    #expect(HealthWorkoutTable.activity("UNDERWATER_DIVING", os: OSVersion(16, 4)) == nil)
    #expect(HealthWorkoutTable.typeName("cardioDance") == "other")
    #expect(
      HealthWorkoutTable.typeName("traditionalStrengthTraining") == "traditionalStrengthTraining")
  }

  @Test func everyUnitParsesAndTheVersionGatedOnesWait() throws {
    for row in HealthUnitTable.rows where !row.unit.isEmpty {
      #expect(throws: Never.self, "\(row.key)") { _ = try UnitParser.parse(row.unit) }
    }
    #expect(HealthUnitTable.unit("VOLT", os: OSVersion(13, 0)) == nil)
    #expect(HealthUnitTable.unit("VOLT", os: OSVersion(14, 0)) == "V")
    #expect(HealthUnitTable.unit("NO_UNIT", os: OSVersion(17, 0)) == "")
    #expect(HealthUnitTable.unit("CENTIMETER", os: OSVersion(17, 0)) == nil)
  }

  @Test func methodTablesDoNotOverlap() {
    let tables = [
      HealthPermissionMethods.table, HealthReadMethods.table, HealthStatistics.table,
      HealthWriteMethods.table, HealthDeleteMethods.table,
    ]
    #expect(tables.map(\.count).reduce(0, +) == HealthProfile.methods.count)
    #expect(HealthProfile.methods.count == 16)
  }
}
