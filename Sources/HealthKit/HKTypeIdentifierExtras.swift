// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (Apple's names, spelled as on iOS.)

/// HealthKit identifiers that plugins name and the model's catalogue does not hold (symptoms,
/// mobility): the factories make their types, and the store keeps their samples like any other.
extension HKCategoryTypeIdentifier {
  public static let abdominalCramps = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierAbdominalCramps")
  public static let acne = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierAcne")
  public static let appetiteChanges = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierAppetiteChanges")
  public static let bladderIncontinence = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierBladderIncontinence")
  public static let bloating = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierBloating")
  public static let breastPain = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierBreastPain")
  public static let chestTightnessOrPain = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierChestTightnessOrPain")
  public static let chills = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierChills")
  public static let constipation = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierConstipation")
  public static let coughing = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierCoughing")
  public static let diarrhea = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierDiarrhea")
  public static let dizziness = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierDizziness")
  public static let drySkin = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierDrySkin")
  public static let fainting = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierFainting")
  public static let fatigue = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierFatigue")
  public static let fever = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierFever")
  public static let generalizedBodyAche = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierGeneralizedBodyAche")
  public static let hairLoss = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierHairLoss")
  public static let heartburn = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierHeartburn")
  public static let hotFlashes = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierHotFlashes")
  public static let lossOfSmell = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierLossOfSmell")
  public static let lossOfTaste = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierLossOfTaste")
  public static let lowerBackPain = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierLowerBackPain")
  public static let memoryLapse = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierMemoryLapse")
  public static let moodChanges = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierMoodChanges")
  public static let nausea = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierNausea")
  public static let nightSweats = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierNightSweats")
  public static let pelvicPain = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierPelvicPain")
  public static let rapidPoundingOrFlutteringHeartbeat = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierRapidPoundingOrFlutteringHeartbeat")
  public static let runnyNose = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierRunnyNose")
  public static let shortnessOfBreath = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierShortnessOfBreath")
  public static let sinusCongestion = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierSinusCongestion")
  public static let skippedHeartbeat = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierSkippedHeartbeat")
  public static let sleepChanges = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierSleepChanges")
  public static let soreThroat = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierSoreThroat")
  public static let vaginalDryness = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierVaginalDryness")
  public static let vomiting = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierVomiting")
  public static let wheezing = HKCategoryTypeIdentifier(
    rawValue: "HKCategoryTypeIdentifierWheezing")
}

extension HKQuantityTypeIdentifier {
  public static let sixMinuteWalkTestDistance = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierSixMinuteWalkTestDistance")
  public static let stairAscentSpeed = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierStairAscentSpeed")
  public static let stairDescentSpeed = HKQuantityTypeIdentifier(
    rawValue: "HKQuantityTypeIdentifierStairDescentSpeed")
}
