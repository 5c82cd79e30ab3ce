import ArgumentParser

/// Reads the command lines a test suite runs most (`serve`, `replay`, `encode`, `decode` with
/// well-formed options) from each command's ``FastOption`` table, without
/// swift-argument-parser. Anything else — `--help`, an unknown or misspelt option, a missing
/// or bad value, `--name=value`, `--`, an option given twice that takes one value, a failed
/// `validate()` — returns `nil`, and swift-argument-parser reads the line as before, so its
/// messages, suggestions and exit status stay exactly its own.
enum FastCommandLine {
  /// A command with a fast path: its words after `hkbridge`, and how the rest is read.
  struct Entry {
    var words: [String]
    var parse: (ArraySlice<String>) -> ParsableCommand?
  }

  /// The commands with a fast path. Built on first use (a nominal row type: a tuple's type
  /// would be looked up by its mangled name at run time, a tenth of a start's instructions).
  static var commands: [Entry] {
    [
      Entry(words: ["serve"], parse: parse(ServeCommand.self)),
      Entry(words: ["replay"], parse: parse(ReplayCommand.self)),
      Entry(words: ["encode", "message"], parse: parse(EncodeCommand.Message.self)),
      Entry(words: ["encode", "call"], parse: parse(EncodeCommand.Call.self)),
      Entry(words: ["encode", "success"], parse: parse(EncodeCommand.Success.self)),
      Entry(words: ["encode", "error"], parse: parse(EncodeCommand.ErrorEnvelope.self)),
      Entry(words: ["decode", "message"], parse: parse(decode: DecodeCommand.Message.self)),
      Entry(words: ["decode", "call"], parse: parse(decode: DecodeCommand.Call.self)),
      Entry(
        words: ["decode", "envelope"], parse: parse(decode: DecodeCommand.EnvelopeCommand.self)),
    ]
  }

  /// The command `arguments` (without the program's name) run, or `nil`.
  static func command(_ arguments: ArraySlice<String>) -> ParsableCommand? {
    guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
    for entry in commands where arguments.starts(with: entry.words) {
      return entry.parse(arguments.dropFirst(entry.words.count))
    }
    return nil
  }

  static func parse<Command: FastParsable & ParsableCommand>(_ type: Command.Type)
    -> (ArraySlice<String>) -> ParsableCommand?
  {
    { words in
      guard let command = read(Command.self, words) else { return nil }
      return command
    }
  }

  static func parse<Command: DecodeSubcommand>(decode type: Command.Type)
    -> (ArraySlice<String>) -> ParsableCommand?
  {
    { words in
      guard let options = read(DecodeCommand.Options.self, words) else { return nil }
      var command = Command()
      command.options = options
      return command
    }
  }

  /// `words` read into a `Command`, validated; `nil` for anything the table does not cover.
  static func read<Command: FastParsable>(_ type: Command.Type, _ words: ArraySlice<String>)
    -> Command?
  {
    let options = Command.fastOptions
    var given: [[String]] = Array(repeating: [], count: options.count)
    var others: [String] = []
    var index = words.startIndex
    while index < words.endIndex {
      let word = words[index]
      index += 1
      guard word.hasPrefix("-") else {
        // `help` is swift-argument-parser's word for the help screen.
        if word == "help" { return nil }
        others.append(word)
        continue
      }
      guard let row = options.firstIndex(where: { $0.name == word }) else { return nil }
      let option = options[row]
      if !option.repeats && !given[row].isEmpty { return nil }
      if option.takesValue {
        guard index < words.endIndex, !words[index].hasPrefix("-") else { return nil }
        given[row].append(words[index])
        index += 1
      } else {
        given[row].append(word)
      }
    }
    var command = Command()
    // By index, not `zip`: a `Zip2Sequence`'s type is built at run time by checking its
    // arguments' conformances, a scan of every conformance record in the binary.
    for row in options.indices {
      guard options[row].assign(&command, given[row]) else { return nil }
    }
    guard Command.fastArguments(others, into: &command) else { return nil }
    do {
      try command.validate()
    } catch {
      return nil
    }
    return command
  }
}
