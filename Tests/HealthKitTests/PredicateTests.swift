import Foundation
import HealthKit
import Testing

/// The sample predicate's overlap rule and its strict options, evaluated on objects alone (no
/// store): a sample `[10, 20)` against windows around it.
@Suite struct PredicateTests {
  let steps = HKQuantityType(.stepCount)

  func sample(_ start: Double, _ end: Double) -> HKQuantitySample {
    HKQuantitySample(
      type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 1),
      start: Date(timeIntervalSince1970: start), end: Date(timeIntervalSince1970: end))
  }

  func matches(_ start: Double?, _ end: Double?, _ options: HKQueryOptions, _ object: HKSample)
    -> Bool
  {
    HKQuery.predicateForSamples(
      withStart: start.map { Date(timeIntervalSince1970: $0) },
      end: end.map { Date(timeIntervalSince1970: $0) }, options: options
    ).evaluate(with: object)
  }

  @Test func overlapStrictStartAndStrictEnd() {
    let interval = sample(10, 20)
    #expect(matches(15, 30, [], interval))
    #expect(!matches(15, 30, .strictStartDate, interval))
    #expect(matches(0, 15, [], interval))
    #expect(!matches(0, 15, .strictEndDate, interval))
    #expect(matches(10, 20, [.strictStartDate, .strictEndDate], interval))
    #expect(!matches(20, 30, [], interval))
    #expect(!matches(0, 10, [], interval))
    #expect(matches(nil, nil, [], interval))
  }

  @Test func anInstantCountsInTheWindowThatHoldsIt() {
    let instant = sample(10, 10)
    #expect(matches(10, 11, [], instant))
    #expect(!matches(9, 10, [], instant))
  }

  @Test func compoundPredicatesCombineAndMetadataFormatsRead() {
    let entered = HKQuantitySample(
      type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 1),
      start: Date(timeIntervalSince1970: 10), end: Date(timeIntervalSince1970: 20),
      metadata: [HKMetadataKeyWasUserEntered: true])
    let manual = NSPredicate(format: "metadata.%K != YES", HKMetadataKeyWasUserEntered)
    #expect(!manual.evaluate(with: entered))
    #expect(manual.evaluate(with: sample(10, 20)))
    let either = NSCompoundPredicate(orPredicateWithSubpredicates: [
      manual, HKQuery.predicateForObjects(withMetadataKey: HKMetadataKeyWasUserEntered),
    ])
    #expect(either.evaluate(with: entered))
    #expect(
      HKQuery.predicateForSamples(withStart: nil, end: nil).predicateFormat
        == "startDate >= nil AND endDate < nil")
  }

  @Test func unitStringsOfPrefixedAndComposedUnits() {
    #expect(
      HKUnit.gramUnit(with: .milli).unitDivided(by: .literUnit(with: .deci)).unitString == "mg/dL")
    #expect(
      HKUnit.literUnit(with: .milli).unitDivided(
        by: HKUnit.gramUnit(with: .kilo).unitMultiplied(by: .minute())
      ).unitString == "mL/(kg*min)")
    #expect(
      HKUnit.moleUnit(with: .milli, molarMass: 180.15588000005408).unitString
        == "mmol<180.15588000005408>")
    #expect(HKQuantity(unit: .count(), doubleValue: 120).description == "120 count")
  }
}
