import FlutterCodec

/// What the record map reads records with: a record's fields by key, and the refusal it
/// reports (`"<kind> | <field> | <message>"`).
extension ConnectKitRecordMap {
  /// A record the mapper refuses: the failure message is `"<kind> | <field> | <message>"`.
  struct Problem: Error {
    var kind: String
    var field: String?
    var message: String

    var text: String { "\(kind) | \(field ?? "") | \(message)" }
  }

  /// A record's fields by key; the host drops null values before decoding, so `null` is absent.
  struct Fields {
    let kind: String
    let entries: [ChannelMapEntry]

    init(kind: String, entries: [ChannelMapEntry]) {
      self.kind = kind
      self.entries = entries
    }

    /// The fields of a map whose keys are all strings (`as? [String: Any]`), else nil.
    init?(kind: String, _ value: ChannelValue) {
      guard let entries = value.mapEntries, entries.allSatisfy({ $0.key.stringValue != nil })
      else { return nil }
      self.init(kind: kind, entries: entries)
    }

    func value(_ key: String) -> ChannelValue? {
      guard let found = entries.last(where: { $0.key.stringValue == key })?.value,
        !found.isNull
      else { return nil }
      return found
    }

    func required(_ key: String) throws(Problem) -> ChannelValue {
      guard let found = value(key) else {
        throw Problem(kind: kind, field: key, message: "Missing required field")
      }
      return found
    }

    func wrongType(_ key: String, _ expected: String, _ value: ChannelValue) -> Problem {
      Problem(kind: kind, field: key, message: "Expected \(expected) but got \(value.typeName)")
    }

    func string(_ key: String) throws(Problem) -> String {
      let found = try required(key)
      guard let text = found.stringValue else { throw wrongType(key, "String", found) }
      return text
    }

    /// An Int, or a Double truncated towards zero, as the host reads times.
    func int(_ key: String) throws(Problem) -> Int {
      let found = try required(key)
      if let number = found.intValue { return number }
      if case .float64(let real) = found, let number = Int(exactly: real.rounded(.towardZero)) {
        return number
      }
      throw wrongType(key, "Int", found)
    }

    /// `startTime` and `endTime`, the end not before the start.
    func timeRange() throws(Problem) -> (start: Int, end: Int) {
      let start = try int("startTime")
      let end = try int("endTime")
      guard end >= start else {
        throw Problem(
          kind: kind, field: nil,
          message: "End time (\(ConnectKitRecordMap.dateText(end))) cannot be before start time "
            + "(\(ConnectKitRecordMap.dateText(start)))")
      }
      return (start, end)
    }

    func map(_ key: String) throws(Problem) -> Fields {
      let found = try required(key)
      guard let fields = Fields(kind: kind, found) else { throw wrongType(key, "Map", found) }
      return fields
    }

    /// A list whose every element is a map with string keys (what Swift's `as? [[String: Any]]`
    /// accepts), or nil: absent, not a list, or an element of another type.
    func mapList(_ key: String) -> [Fields]? {
      guard let list = value(key)?.listValue else { return nil }
      var result: [Fields] = []
      for element in list {
        guard let fields = Fields(kind: kind, element) else { return nil }
        result.append(fields)
      }
      return result
    }

    /// The string of `key` when it is one (`as? String`), else nil.
    func optionalString(_ key: String) -> String? { value(key)?.stringValue }

    /// An integer as Swift's `as? Int` reads an `NSNumber`: an int, or a double with no fraction.
    func exactInt(_ key: String) -> Int? {
      guard let found = value(key) else { return nil }
      if let number = found.intValue { return number }
      if case .float64(let real) = found { return Int(exactly: real) }
      return nil
    }
  }
}
