import ArgumentParser

/// One row of a command's fast-path table: an option's name as written (`--channel`), whether a
/// value follows it, and how the values given (none, one, or several for a list) land in the
/// command. `assign` returns `false` for a value the option does not take (`--max-frame x`): the
/// line then goes to swift-argument-parser, which says what is wrong.
///
/// `assign` sets the property once, with its declared default when the option is not given (a
/// parsable property holds no value until set, and cannot be read before: no key paths here,
/// which would read it first).
struct FastOption<Command> {
  var name: String
  var takesValue: Bool
  /// Whether the option may be given more than once (a list).
  var repeats: Bool
  var assign: (inout Command, [String]) -> Bool
}

extension FastOption {
  /// A `@Flag` of type `Bool` (default `false`).
  static func flag(_ name: String, _ set: @escaping (inout Command, Bool) -> Void) -> Self {
    Self(name: name, takesValue: false, repeats: false) { command, given in
      set(&command, !given.isEmpty)
      return true
    }
  }

  /// An `@Option` with a default value, read by `parse` (`nil`: not a value it takes).
  static func value<Value>(
    _ name: String, default initial: Value, _ parse: @escaping (String) -> Value?,
    _ set: @escaping (inout Command, Value) -> Void
  ) -> Self {
    Self(name: name, takesValue: true, repeats: false) { command, given in
      guard let text = given.first else {
        set(&command, initial)
        return true
      }
      guard let value = parse(text) else { return false }
      set(&command, value)
      return true
    }
  }

  /// An `@Option` of type `String` with a default value.
  static func value(
    _ name: String, default initial: String, _ set: @escaping (inout Command, String) -> Void
  ) -> Self {
    value(name, default: initial, { $0 }, set)
  }

  /// An `@Option` of type `Int` with a default value (read as swift-argument-parser reads it).
  static func int(
    _ name: String, default initial: Int, _ set: @escaping (inout Command, Int) -> Void
  ) -> Self {
    value(name, default: initial, { Int($0) }, set)
  }

  /// An optional `@Option` (default `nil`), read by `parse`.
  static func optional<Value>(
    _ name: String, _ parse: @escaping (String) -> Value?,
    _ set: @escaping (inout Command, Value?) -> Void
  ) -> Self {
    Self(name: name, takesValue: true, repeats: false) { command, given in
      guard let text = given.first else {
        set(&command, nil)
        return true
      }
      guard let value = parse(text) else { return false }
      set(&command, value)
      return true
    }
  }

  /// An optional `@Option` of type `String?`.
  static func optional(_ name: String, _ set: @escaping (inout Command, String?) -> Void) -> Self {
    optional(name, { $0 }, set)
  }

  /// A repeatable `@Option` of type `[String]` (default `[]`).
  static func repeating(_ name: String, _ set: @escaping (inout Command, [String]) -> Void) -> Self
  {
    Self(name: name, takesValue: true, repeats: true) { command, given in
      set(&command, given)
      return true
    }
  }
}

/// A command whose well-formed command lines are read without swift-argument-parser's
/// reflective parse (which is most of a start's instructions): its options as one table, and
/// where its other words go.
protocol FastParsable: ParsableArguments {
  /// Every option, one row each.
  static var fastOptions: [FastOption<Self>] { get }
  /// Puts the words that are not options (in order) into the command; `false` when it takes
  /// none or not these (the line then goes to swift-argument-parser). By default: none.
  static func fastArguments(_ words: [String], into command: inout Self) -> Bool
}

extension FastParsable {
  static func fastArguments(_ words: [String], into command: inout Self) -> Bool {
    words.isEmpty
  }
}
