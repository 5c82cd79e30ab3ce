import PluginHost

/// One dietary type of the `health` package: its data type key, its HealthKit type, and the
/// keys `writeMeal` and a NUTRITION data point use for it.
struct HealthNutrientRow: Sendable {
  /// The data type key (`DIETARY_PROTEIN_CONSUMED`; water is `WATER`).
  let typeKey: String
  /// The HealthKit type's catalogue name (`dietaryProtein`).
  let typeName: String
  /// The meal keys (snake_case) that carry this nutrient; empty when meals never carry it.
  let mealKeys: [String]
  /// The unit Dart sends for the type key by default.
  let dartUnit: String

  /// The unit a meal's amount is in: kcal for calories, mL for water, g for the rest.
  var mealUnit: String {
    switch typeKey {
    case "DIETARY_ENERGY_CONSUMED": return "kcal"
    case "WATER": return "mL"
    default: return "g"
    }
  }
}

/// The nutrition list of the iOS host (the types `NUTRITION` expands to, in its order) with the
/// host's meal keys (`NUTRITION_KEYS`). Two meal keys share dietaryFatMonounsaturated; the host
/// reads vitamin B1 as `b1_thiamine` while Dart writes `b1_thiamin` (so a meal's B1 is dropped).
enum HealthNutritionTable {
  static let rows: [HealthNutrientRow] = [
    row("DIETARY_ENERGY_CONSUMED", "dietaryEnergyConsumed", ["calories"], unit: "KILOCALORIE"),
    row("DIETARY_CARBS_CONSUMED", "dietaryCarbohydrates", ["carbs"]),
    row("DIETARY_PROTEIN_CONSUMED", "dietaryProtein", ["protein"]),
    row("DIETARY_FATS_CONSUMED", "dietaryFatTotal", ["fat"]),
    row("DIETARY_CAFFEINE", "dietaryCaffeine", ["caffeine"]),
    row("DIETARY_FIBER", "dietaryFiber", ["fiber"]),
    row("DIETARY_SUGAR", "dietarySugar", ["sugar"]),
    row(
      "DIETARY_FAT_MONOUNSATURATED", "dietaryFatMonounsaturated",
      ["fat_unsaturated", "fat_monounsaturated"]),
    row("DIETARY_FAT_POLYUNSATURATED", "dietaryFatPolyunsaturated", ["fat_polyunsaturated"]),
    row("DIETARY_FAT_SATURATED", "dietaryFatSaturated", ["fat_saturated"]),
    row("DIETARY_CHOLESTEROL", "dietaryCholesterol", ["cholesterol"]),
    row("DIETARY_VITAMIN_A", "dietaryVitaminA", ["vitamin_a"]),
    row("DIETARY_THIAMIN", "dietaryThiamin", ["b1_thiamine"]),
    row("DIETARY_RIBOFLAVIN", "dietaryRiboflavin", ["b2_riboflavin"]),
    row("DIETARY_NIACIN", "dietaryNiacin", ["b3_niacin"]),
    row("DIETARY_PANTOTHENIC_ACID", "dietaryPantothenicAcid", ["b5_pantothenic_acid"]),
    row("DIETARY_VITAMIN_B6", "dietaryVitaminB6", ["b6_pyridoxine"]),
    row("DIETARY_BIOTIN", "dietaryBiotin", ["b7_biotin"]),
    row("DIETARY_VITAMIN_B12", "dietaryVitaminB12", ["b12_cobalamin"]),
    row("DIETARY_VITAMIN_C", "dietaryVitaminC", ["vitamin_c"]),
    row("DIETARY_VITAMIN_D", "dietaryVitaminD", ["vitamin_d"]),
    row("DIETARY_VITAMIN_E", "dietaryVitaminE", ["vitamin_e"]),
    row("DIETARY_VITAMIN_K", "dietaryVitaminK", ["vitamin_k"]),
    row("DIETARY_FOLATE", "dietaryFolate", ["b9_folate"]),
    row("DIETARY_CALCIUM", "dietaryCalcium", ["calcium"]),
    row("DIETARY_CHLORIDE", "dietaryChloride", ["chloride"]),
    row("DIETARY_IRON", "dietaryIron", ["iron"]),
    row("DIETARY_MAGNESIUM", "dietaryMagnesium", ["magnesium"]),
    row("DIETARY_PHOSPHORUS", "dietaryPhosphorus", ["phosphorus"]),
    row("DIETARY_POTASSIUM", "dietaryPotassium", ["potassium"]),
    row("DIETARY_SODIUM", "dietarySodium", ["sodium"]),
    row("DIETARY_ZINC", "dietaryZinc", ["zinc"]),
    row("WATER", "dietaryWater", ["water"], unit: "LITER"),
    row("DIETARY_CHROMIUM", "dietaryChromium", ["chromium"]),
    row("DIETARY_COPPER", "dietaryCopper", ["copper"]),
    row("DIETARY_IODINE", "dietaryIodine", ["iodine"]),
    row("DIETARY_MANGANESE", "dietaryManganese", ["manganese"]),
    row("DIETARY_MOLYBDENUM", "dietaryMolybdenum", ["molybdenum"]),
    row("DIETARY_SELENIUM", "dietarySelenium", ["selenium"]),
  ]

  /// The keys NUTRITION expands to in `requestAuthorization` and `hasPermissions`.
  static var typeKeys: [String] { rows.map(\.typeKey) }

  private static func row(
    _ key: String, _ name: String, _ mealKeys: [String], unit: String = "GRAM"
  ) -> HealthNutrientRow {
    HealthNutrientRow(typeKey: key, typeName: name, mealKeys: mealKeys, dartUnit: unit)
  }
}
