/// The object types that are neither quantities, categories nor characteristics: correlations,
/// the workout type, clinical records, documents, series, audiogram, ECG and activity summary.
enum OtherTypeTable {
  static let rows: [TypeInfo] = [
    other("HKCorrelationTypeIdentifierBloodPressure", "bloodPressure", .correlation, 8, 0),
    other("HKCorrelationTypeIdentifierFood", "food", .correlation, 8, 0),
    other("HKWorkoutTypeIdentifier", "workoutType", .workout, 8, 0),
    other("HKClinicalTypeIdentifierAllergyRecord", "allergyRecord", .clinical, 12, 0),
    other("HKClinicalTypeIdentifierConditionRecord", "conditionRecord", .clinical, 12, 0),
    other("HKClinicalTypeIdentifierImmunizationRecord", "immunizationRecord", .clinical, 12, 0),
    other("HKClinicalTypeIdentifierLabResultRecord", "labResultRecord", .clinical, 12, 0),
    other("HKClinicalTypeIdentifierMedicationRecord", "medicationRecord", .clinical, 12, 0),
    other("HKClinicalTypeIdentifierProcedureRecord", "procedureRecord", .clinical, 12, 0),
    other("HKClinicalTypeIdentifierVitalSignRecord", "vitalSignRecord", .clinical, 12, 0),
    other("HKClinicalTypeIdentifierCoverageRecord", "coverageRecord", .clinical, 14, 0),
    other(
      "HKClinicalTypeIdentifierClinicalNoteRecord", "clinicalNoteRecord", .clinical, 16, 4,
      note: "seed 002 says iOS 16.0; Apple: iOS 16.4"),
    other(
      "HKDocumentTypeIdentifierCDA", "CDA", .document, 10, 0),
    other("HKWorkoutRouteTypeIdentifier", "workoutRoute", .series, 11, 0),
    other("HKDataTypeIdentifierAudiogram", "audiogramSampleType", .audiogram, 13, 0),
    other("HKDataTypeIdentifierHeartbeatSeries", "heartbeat", .series, 13, 0),
    other(
      "HKDataTypeIdentifierElectrocardiogram", "electrocardiogramType", .electrocardiogram, 14, 0,
      aliases: ["electrocardiogram"],
      note: "seed 001 says HKElectrocardiogramType is not an HKSampleType; Apple: it is one"
        + " (read-only all the same)"),
    other(
      "HKActivitySummaryTypeIdentifier", "activitySummaryType", .activitySummary, 9, 3),
  ]

  static func other(
    _ identifier: String, _ name: String, _ typeClass: TypeClass, _ major: Int, _ minor: Int,
    aliases: [String] = [], note: String? = nil
  ) -> TypeInfo {
    TypeInfo(
      identifier: identifier, name: name, typeClass: typeClass,
      minimumOS: OSVersion(major, minor), aliases: aliases, seedNote: note)
  }
}
