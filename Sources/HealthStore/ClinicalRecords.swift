import HealthKitModel

/// What a clinical record holds (HealthKit's `HKClinicalRecord`, iOS 12): the name the Health
/// app shows and, when the institution sent one, the FHIR resource it was made from
/// (protocol/healthkit-rules.md#clinical-records).
public struct ClinicalRecordContent: Hashable, Sendable {
  public var displayName: String
  public var fhirResource: FHIRResourceContent?

  public init(displayName: String, fhirResource: FHIRResourceContent? = nil) {
    self.displayName = displayName
    self.fhirResource = fhirResource
  }

  /// Checks the record; `field` prefixes each field's name in an error (`records[0]`): a
  /// display name that is not empty, and a FHIR resource of a type and version HealthKit
  /// knows, with an identifier.
  public func check(field: String) throws(HealthError) {
    func invalid(_ name: String, _ message: String) -> HealthError {
      .invalidArgument(field: "\(field).\(name)", "\(field).\(name): \(message)")
    }
    guard !displayName.isEmpty else {
      throw invalid("displayName", "must not be empty (the Health app shows it)")
    }
    guard let resource = fhirResource else { return }
    guard ReadOnlyRecordTables.fhirResourceTypes.contains(resource.resourceType) else {
      throw invalid(
        "fhirResource.resourceType",
        "\"\(resource.resourceType)\" is no HKFHIRResourceType; expected one of "
          + ReadOnlyRecordTables.fhirResourceTypes.joined(separator: ", "))
    }
    guard !resource.identifier.isEmpty else {
      throw invalid("fhirResource.identifier", "must not be empty (the resource's FHIR id)")
    }
    guard ReadOnlyRecordTables.fhirVersions.contains(resource.fhirVersion) else {
      throw invalid(
        "fhirResource.fhirVersion",
        "\"\(resource.fhirVersion)\" is not a FHIR version HealthKit reads; expected one of "
          + ReadOnlyRecordTables.fhirVersions.joined(separator: ", "))
    }
  }
}

/// A FHIR resource of a clinical record (`HKFHIRResource`).
public struct FHIRResourceContent: Hashable, Sendable {
  /// The `HKFHIRResourceType` raw value (`AllergyIntolerance`, `Observation`, …).
  public var resourceType: String
  /// The resource's FHIR id.
  public var identifier: String
  /// The resource's JSON, as the institution sent it.
  public var data: [UInt8]
  /// Where the resource was fetched from, when known.
  public var sourceURL: String?
  /// `1.0.2` (DSTU2) or `4.0.1` (R4).
  public var fhirVersion: String

  public init(
    resourceType: String, identifier: String, data: [UInt8], sourceURL: String? = nil,
    fhirVersion: String = "4.0.1"
  ) {
    self.resourceType = resourceType
    self.identifier = identifier
    self.data = data
    self.sourceURL = sourceURL
    self.fhirVersion = fhirVersion
  }
}
