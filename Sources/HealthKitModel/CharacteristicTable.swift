/// The six `HKCharacteristicTypeIdentifier`s (protocol/healthkit-rules.md#characteristics) and their value cases.
enum CharacteristicTable {
  static let rows: [TypeInfo] = [
    characteristic("biologicalSex", 8, 0, CharacteristicCases.biologicalSex),
    characteristic("bloodType", 8, 0, CharacteristicCases.bloodType),
    characteristic("dateOfBirth", 8, 0, []),
    characteristic(
      "fitzpatrickSkinType", 9, 0, CharacteristicCases.fitzpatrickSkinType,
      note: "seed 000 lists it under iOS 8.0+; Apple (and seed 002): iOS 9.0"),
    characteristic("wheelchairUse", 10, 0, CharacteristicCases.wheelchairUse),
    characteristic("activityMoveMode", 14, 0, CharacteristicCases.activityMoveMode),
  ]

  static func characteristic(
    _ name: String, _ major: Int, _ minor: Int, _ cases: [CategoryCase], note: String? = nil
  ) -> TypeInfo {
    TypeInfo(
      identifier: "HKCharacteristicTypeIdentifier" + capitalized(name), name: name,
      typeClass: .characteristic, minimumOS: OSVersion(major, minor),
      characteristicCases: cases, seedNote: note)
  }
}

/// HealthKit's characteristic value enumerations (`notSet` is 0 where Apple has it).
public enum CharacteristicCases {
  /// `HKBiologicalSex`.
  public static let biologicalSex = [
    CategoryCase("notSet", 0), CategoryCase("female", 1), CategoryCase("male", 2),
    CategoryCase("other", 3),
  ]

  /// `HKBloodType`.
  public static let bloodType = [
    CategoryCase("notSet", 0), CategoryCase("aPositive", 1), CategoryCase("aNegative", 2),
    CategoryCase("bPositive", 3), CategoryCase("bNegative", 4), CategoryCase("abPositive", 5),
    CategoryCase("abNegative", 6), CategoryCase("oPositive", 7), CategoryCase("oNegative", 8),
  ]

  /// `HKFitzpatrickSkinType`.
  public static let fitzpatrickSkinType = [
    CategoryCase("notSet", 0), CategoryCase("I", 1), CategoryCase("II", 2),
    CategoryCase("III", 3), CategoryCase("IV", 4), CategoryCase("V", 5), CategoryCase("VI", 6),
  ]

  /// `HKWheelchairUse`.
  public static let wheelchairUse = [
    CategoryCase("notSet", 0), CategoryCase("no", 1), CategoryCase("yes", 2),
  ]

  /// `HKActivityMoveMode`: Apple defines no `notSet` case; protocol/healthkit-rules.md#characteristics reports an unset value as 0.
  public static let activityMoveMode = [
    CategoryCase("activeEnergy", 1), CategoryCase("appleMoveTime", 2),
  ]
}
