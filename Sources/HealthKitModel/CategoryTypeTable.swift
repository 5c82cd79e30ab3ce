/// Every `HKCategoryTypeIdentifier` the seeds name, with its value cases and raw values
/// (Apple's `HKCategoryValue…` enumerations).
enum CategoryTypeTable {
  static let rows: [TypeInfo] = [
    category("sleepAnalysis", 8, 0, CategoryCases.sleepAnalysis),
    category(
      "appleStandHour", 9, 0, [CategoryCase("stood", 0), CategoryCase("idle", 1)]),
    category("cervicalMucusQuality", 9, 0, CategoryCases.cervicalMucusQuality),
    category("ovulationTestResult", 9, 0, CategoryCases.ovulationTestResult),
    category("menstrualFlow", 9, 0, CategoryCases.menstrualFlow),
    category(
      "intermenstrualBleeding", 9, 0, CategoryCases.notApplicable,
      note: "seed 002 lists NotPresent/Present; Apple: HKCategoryValue.notApplicable only"),
    category(
      "sexualActivity", 9, 0, CategoryCases.notApplicable,
      note: "seed 002 lists NotPresent/Present; Apple: HKCategoryValue.notApplicable only"),
    category("mindfulSession", 10, 0, CategoryCases.notApplicable),
    category("highHeartRateEvent", 12, 2, CategoryCases.notApplicable),
    category("lowHeartRateEvent", 12, 2, CategoryCases.notApplicable),
    category("irregularHeartRhythmEvent", 12, 2, CategoryCases.notApplicable),
    // Apple renamed `audioExposureEvent` (iOS 13.0) to `environmentalAudioExposureEvent`
    // (iOS 14.0) and kept the raw string, so both names are one identifier.
    TypeInfo(
      identifier: "HKCategoryTypeIdentifierAudioExposureEvent",
      name: "environmentalAudioExposureEvent", typeClass: .category,
      minimumOS: OSVersion(13, 0),
      categoryCases: [
        CategoryCase("momentaryLimit", 1),
        CategoryCase("loudEnvironment", 1, aliasOf: "momentaryLimit"),
      ],
      aliases: ["audioExposureEvent"],
      seedNote:
        "seeds 001/002 list audioExposureEvent (13.0) and environmentalAudioExposureEvent (14.0)"
        + " as two types; Apple: one raw identifier, HKCategoryTypeIdentifierAudioExposureEvent"),
    category("toothbrushingEvent", 13, 0, CategoryCases.notApplicable),
    // A symptom the `health` package maps (Apple: iOS 13.6, HKCategoryValueSeverity).
    category(
      "headache", 13, 6,
      [
        CategoryCase("unspecified", 0), CategoryCase("notPresent", 1), CategoryCase("mild", 2),
        CategoryCase("moderate", 3), CategoryCase("severe", 4),
      ]),
    category(
      "headphoneAudioExposureEvent", 14, 2, [CategoryCase("sevenDayLimit", 1)],
      note: "seed 002 says iOS 14.0 and 'Loud environment'; Apple: iOS 14.2,"
        + " HKCategoryValueHeadphoneAudioExposureEvent.sevenDayLimit"),
    category("handwashingEvent", 14, 0, CategoryCases.notApplicable),
    category(
      "lowCardioFitnessEvent", 14, 3, [CategoryCase("lowFitness", 1)],
      note: "seed 002 lists NotApplicable; Apple: HKCategoryValueLowCardioFitnessEvent.lowFitness"),
    category("pregnancy", 14, 3, CategoryCases.notApplicable),
    category(
      "lactation", 14, 3, CategoryCases.notApplicable,
      note: "seed 002 lists NotPresent/Present; Apple: HKCategoryValue.notApplicable only"),
    category("contraceptive", 14, 3, CategoryCases.contraceptive),
    category("pregnancyTestResult", 15, 0, CategoryCases.testResult),
    category("progesteroneTestResult", 15, 0, CategoryCases.testResult),
    category("appleWalkingSteadinessEvent", 15, 0, CategoryCases.walkingSteadinessEvent),
    category("irregularMenstrualCycles", 16, 0, CategoryCases.notApplicable),
    category("persistentIntermenstrualBleeding", 16, 0, CategoryCases.notApplicable),
    category("prolongedMenstrualPeriods", 16, 0, CategoryCases.notApplicable),
    category("infrequentMenstrualCycles", 16, 0, CategoryCases.notApplicable),
  ]

  static func category(
    _ name: String, _ major: Int, _ minor: Int, _ cases: [CategoryCase], note: String? = nil
  ) -> TypeInfo {
    TypeInfo(
      identifier: "HKCategoryTypeIdentifier" + capitalized(name), name: name,
      typeClass: .category, minimumOS: OSVersion(major, minor), categoryCases: cases,
      seedNote: note)
  }
}

/// HealthKit's category value enumerations.
public enum CategoryCases {
  /// `HKCategoryValue`.
  public static let notApplicable = [CategoryCase("notApplicable", 0)]

  /// `HKCategoryValueSleepAnalysis`: `asleep` was renamed `asleepUnspecified` in iOS 16.
  public static let sleepAnalysis = [
    CategoryCase("inBed", 0),
    CategoryCase("asleepUnspecified", 1, since: OSVersion(16, 0)),
    CategoryCase("asleep", 1, aliasOf: "asleepUnspecified"),
    CategoryCase("awake", 2, since: OSVersion(10, 0)),
    CategoryCase("asleepCore", 3, since: OSVersion(16, 0)),
    CategoryCase("asleepDeep", 4, since: OSVersion(16, 0)),
    CategoryCase("asleepREM", 5, since: OSVersion(16, 0)),
  ]

  /// `HKCategoryValueCervicalMucusQuality`.
  public static let cervicalMucusQuality = [
    CategoryCase("dry", 1), CategoryCase("sticky", 2), CategoryCase("creamy", 3),
    CategoryCase("watery", 4), CategoryCase("eggWhite", 5),
  ]

  /// `HKCategoryValueOvulationTestResult`: `positive` was renamed `luteinizingHormoneSurge`.
  public static let ovulationTestResult = [
    CategoryCase("negative", 1),
    CategoryCase("luteinizingHormoneSurge", 2, since: OSVersion(13, 0)),
    CategoryCase("positive", 2, aliasOf: "luteinizingHormoneSurge"),
    CategoryCase("indeterminate", 3),
    CategoryCase("estrogenSurge", 4, since: OSVersion(13, 0)),
  ]

  /// `HKCategoryValueMenstrualFlow`.
  public static let menstrualFlow = [
    CategoryCase("unspecified", 1), CategoryCase("light", 2), CategoryCase("medium", 3),
    CategoryCase("heavy", 4), CategoryCase("none", 5, since: OSVersion(12, 0)),
  ]

  /// `HKCategoryValueContraceptive`.
  public static let contraceptive = [
    CategoryCase("unspecified", 1), CategoryCase("implant", 2), CategoryCase("injection", 3),
    CategoryCase("intrauterineDevice", 4), CategoryCase("intravaginalRing", 5),
    CategoryCase("oral", 6), CategoryCase("patch", 7),
  ]

  /// `HKCategoryValuePregnancyTestResult` / `HKCategoryValueProgesteroneTestResult`.
  public static let testResult = [
    CategoryCase("negative", 1), CategoryCase("positive", 2), CategoryCase("indeterminate", 3),
  ]

  /// `HKCategoryValueAppleWalkingSteadinessEvent`.
  public static let walkingSteadinessEvent = [
    CategoryCase("initialLow", 1), CategoryCase("initialVeryLow", 2),
    CategoryCase("repeatLow", 3), CategoryCase("repeatVeryLow", 4),
  ]
}
