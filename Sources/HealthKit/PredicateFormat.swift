import Foundation

extension NSPredicate {
  /// `NSPredicate(format:)` for the metadata comparisons HealthKit plugins write
  /// (`metadata.%K != YES`, `metadata.%K == %@`). Linux Foundation has no predicate strings;
  /// this initializer, which a plugin importing HealthKit gets instead, reads those forms and
  /// evaluates them on a HealthKit object's metadata. Any other format stops the process with
  /// the format in the message (on iOS an unparsable format raises too)
  /// (protocol/native-healthkit.md#predicates).
  public convenience init(format predicateFormat: String, _ args: CVarArg...) {
    guard let comparison = MetadataComparison(predicateFormat, args.map { "\($0)" }) else {
      fatalError(
        "NSInvalidArgumentException: hkbridge's HealthKit reads only metadata comparisons "
          + "(metadata.%K == / != value); unsupported format: \"\(predicateFormat)\"")
    }
    self.init(block: { object, _ in comparison.evaluate(object as AnyObject?) })
  }
}

/// `metadata.KEY == VALUE` or `!=`, VALUE one of YES, NO, a number or a quoted string.
struct MetadataComparison {
  let key: String
  let equal: Bool
  let value: String

  init?(_ format: String, _ arguments: [String]) {
    var remaining = arguments[...]
    var text = ""
    var index = format.startIndex
    while index < format.endIndex {
      let next = format.index(after: index)
      if format[index] == "%", next < format.endIndex, "K@dfi".contains(format[next]) {
        text += remaining.popFirst() ?? ""
        index = format.index(after: next)
      } else {
        text.append(format[index])
        index = next
      }
    }
    let parts = text.split(separator: " ", maxSplits: 2).map(String.init)
    guard parts.count == 3, parts[0].hasPrefix("metadata."), ["==", "!="].contains(parts[1])
    else { return nil }
    key = String(parts[0].dropFirst("metadata.".count))
    equal = parts[1] == "=="
    value = parts[2].trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
  }

  func evaluate(_ object: AnyObject?) -> Bool {
    let stored = (object as? HKObject)?.metadata?[key]
    let matches: Bool
    switch (stored, value) {
    case (nil, _): matches = false
    case (let number as NSNumber, "YES"), (let number as NSNumber, "TRUE"):
      matches = number.boolValue
    case (let number as NSNumber, "NO"), (let number as NSNumber, "FALSE"):
      matches = !number.boolValue
    case (let flag as Bool, "YES"), (let flag as Bool, "TRUE"): matches = flag
    case (let flag as Bool, "NO"), (let flag as Bool, "FALSE"): matches = !flag
    case (let stored?, let value): matches = "\(stored)" == value
    }
    return equal ? matches : !matches
  }
}
