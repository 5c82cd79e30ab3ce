/// Seed `001_…`'s ONE maintained list: sample types only Apple hardware or the system creates.
///
/// Read-only is derived from a type's class plus this list, never from a per-row flag. Names are
/// HealthKit's Swift identifier names, as the seed writes them.
public enum DeviceExclusiveList {
  public static let names: [String] = [
    // Apple Watch sensor data.
    "appleSleepingWristTemperature", "atrialFibrillationBurden", "appleWalkingSteadiness",
    "runningPower", "runningSpeed", "runningStrideLength", "runningVerticalOscillation",
    "runningGroundContactTime",
    // System-generated events.
    "lowHeartRateEvent", "highHeartRateEvent", "irregularHeartRhythmEvent", "audioExposureEvent",
    "headphoneAudioExposureEvent", "environmentalAudioExposureEvent", "lowCardioFitnessEvent",
    "appleWalkingSteadinessEvent", "appleStandHour",
    // System-calculated metrics.
    "walkingHeartRateAverage", "heartRateRecoveryOneMinute", "appleStandTime", "appleMoveTime",
    // Menstrual cycle anomalies (iOS 16).
    "irregularMenstrualCycles", "persistentIntermenstrualBleeding", "prolongedMenstrualPeriods",
    "infrequentMenstrualCycles",
    // Special cases.
    "workoutRoute", "electrocardiogram",
    // Seed 000's read-only table names these too; protocol/healthkit-rules.md#rulings lets seed 000 rule the CKType level,
    // so they join the one list instead of becoming a per-row flag.
    "walkingStepLength", "walkingAsymmetryPercentage", "walkingDoubleSupportPercentage",
  ]

  /// protocol/healthkit-rules.md#rulings: seed `000_…` writes these inside a workout, so they stay writable although the
  /// list above names them.
  public static let writableInWorkout: Set<String> = ["runningPower", "runningSpeed"]

  /// The raw identifiers of the list (`audioExposureEvent` and `environmentalAudioExposureEvent`
  /// share one).
  public static let identifiers: Set<String> = Set(
    names.compactMap { Catalogue.info(named: $0)?.identifier })

  /// The raw identifiers that are read-only because of the list.
  public static let readOnlyIdentifiers: Set<String> = Set(
    names.filter { !writableInWorkout.contains($0) }
      .compactMap { Catalogue.info(named: $0)?.identifier })
}
