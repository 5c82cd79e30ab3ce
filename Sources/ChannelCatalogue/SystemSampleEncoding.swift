import FlutterCodec
import HealthKitModel
import HealthStore

/// The record fields of the samples only the system writes (protocol/record-shapes.md#system-samples):
/// an ECG's recording without its measurements (their count instead), a clinical record's name
/// and FHIR resource without its data.
package enum SystemSampleEncoding {
  static func electrocardiogram(_ reading: ElectrocardiogramReading) -> [(String, ChannelValue)] {
    var pairs: [(String, ChannelValue)] = [
      (
        "classification",
        .string(
          ReadOnlyRecordTables.name(
            of: reading.classification, in: ReadOnlyRecordTables.ecgClassifications) ?? "notSet")
      ),
      (
        "symptomsStatus",
        .string(
          ReadOnlyRecordTables.name(
            of: reading.symptomsStatus, in: ReadOnlyRecordTables.ecgSymptomsStatuses) ?? "notSet")
      ),
    ]
    if let rate = reading.averageHeartRate { pairs.append(("averageHeartRate", .float64(rate))) }
    if let frequency = reading.samplingFrequency {
      pairs.append(("samplingFrequency", .float64(frequency)))
    }
    pairs.append(("numberOfVoltageMeasurements", .swiftInt(reading.numberOfVoltageMeasurements)))
    return pairs
  }

  static func clinicalRecord(_ content: ClinicalRecordContent) -> [(String, ChannelValue)] {
    var pairs: [(String, ChannelValue)] = [("displayName", .string(content.displayName))]
    if let resource = content.fhirResource {
      var fields: [(String, ChannelValue)] = [
        ("resourceType", .string(resource.resourceType)),
        ("identifier", .string(resource.identifier)),
        ("fhirVersion", .string(resource.fhirVersion)),
      ]
      if let url = resource.sourceURL { fields.append(("sourceURL", .string(url))) }
      pairs.append(("fhirResource", .object(fields)))
    }
    return pairs
  }
}
