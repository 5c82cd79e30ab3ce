/// The value cases of the objects only the system writes and apps only read: an ECG's
/// classification and symptoms status (`HKElectrocardiogram`) and the FHIR vocabulary of
/// clinical records (`HKFHIRResource`). An activity summary's move mode is the characteristic's
/// (`CharacteristicCases.activityMoveMode`).
public enum ReadOnlyRecordTables {
  /// `HKElectrocardiogram.Classification` (iOS 14).
  public static let ecgClassifications: [CategoryCase] = [
    CategoryCase("notSet", 0), CategoryCase("sinusRhythm", 1),
    CategoryCase("atrialFibrillation", 2), CategoryCase("inconclusiveLowHeartRate", 3),
    CategoryCase("inconclusiveHighHeartRate", 4), CategoryCase("inconclusivePoorReading", 5),
    CategoryCase("inconclusiveOther", 6), CategoryCase("unrecognized", 100),
  ]

  /// `HKElectrocardiogram.SymptomsStatus` (iOS 14).
  public static let ecgSymptomsStatuses: [CategoryCase] = [
    CategoryCase("notSet", 0), CategoryCase("none", 1), CategoryCase("present", 2),
  ]

  /// `HKFHIRResourceType` raw values: the FHIR resources a clinical record can carry.
  public static let fhirResourceTypes = [
    "AllergyIntolerance", "Condition", "Coverage", "DiagnosticReport", "DocumentReference",
    "Immunization", "MedicationDispense", "MedicationOrder", "MedicationRequest",
    "MedicationStatement", "Observation", "Procedure",
  ]

  /// The FHIR versions HealthKit reads (`HKFHIRVersion`: DSTU2 and R4).
  public static let fhirVersions = ["1.0.2", "4.0.1"]

  /// The raw value of the case named `name` (or given as its raw value) in `cases`.
  public static func rawValue(of name: String, in cases: [CategoryCase]) -> Int? {
    cases.first { $0.name == name }?.rawValue
  }

  /// The case name of `rawValue` in `cases`.
  public static func name(of rawValue: Int, in cases: [CategoryCase]) -> String? {
    cases.first { $0.rawValue == rawValue }?.name
  }
}
