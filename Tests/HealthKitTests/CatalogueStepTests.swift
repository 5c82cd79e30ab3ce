import HealthKit
import HealthKitModel
import Testing

/// The module's identifiers and enumerations stay in step with the model's catalogue.
@Suite struct CatalogueStepTests {
  @Test func everyActivityOfTheModelIsAWorkoutActivityType() {
    for activity in WorkoutActivities.all {
      #expect(HKWorkoutActivityType(rawValue: UInt(activity.rawValue)) != nil, "\(activity.name)")
    }
  }

  @Test func everyCatalogueTypeHasItsFactory() {
    for info in Catalogue.all {
      let type: HKObjectType?
      switch info.typeClass {
      case .quantity:
        type = HKObjectType.quantityType(forIdentifier: .init(rawValue: info.identifier))
      case .category:
        type = HKObjectType.categoryType(forIdentifier: .init(rawValue: info.identifier))
      case .characteristic:
        type = HKObjectType.characteristicType(forIdentifier: .init(rawValue: info.identifier))
      case .correlation:
        type = HKObjectType.correlationType(forIdentifier: .init(rawValue: info.identifier))
      default: continue
      }
      #expect(type?.identifier == info.identifier)
    }
  }

  @Test func sleepAnalysisAndMenstrualFlowCasesMatchTheCatalogue() {
    let sleep = Catalogue.info("HKCategoryTypeIdentifierSleepAnalysis")?.categoryCases ?? []
    for value in sleep where value.deprecatedAliasOf == nil {
      #expect(HKCategoryValueSleepAnalysis(rawValue: value.rawValue) != nil, "\(value.name)")
    }
    let flow = Catalogue.info("HKCategoryTypeIdentifierMenstrualFlow")?.categoryCases ?? []
    #expect(flow.map(\.rawValue) == [1, 2, 3, 4, 5])
    #expect(HKCategoryValueMenstrualFlow.none.rawValue == 5)
  }
}
