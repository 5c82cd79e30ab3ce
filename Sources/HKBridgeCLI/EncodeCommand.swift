import ArgumentParser
import ChannelJSON
import FlutterCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `hkbridge encode …`: typed JSON in, lowercase hex of Flutter's bytes out.
struct EncodeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "encode",
    abstract: "Typed JSON to the hex of Flutter's standard codec bytes.",
    discussion: """
      Typed JSON (protocol/typed-json.md): 1 is an int32, 1.0 a float64, {"$int64": 1}
      forces tag 4; {"$uint8List": "AQID"}, {"$float64": "NaN"},
      {"$map": [[1, "one"]]} and the other $ tags name the remaining types.
      A JSON argument left out is read from stdin.
      Bad input: a message on stderr, exit 2.

      Examples:
        hkbridge encode message '[1, 1.0, {"$int64": 1}, "é"]'
        hkbridge encode call isAvailable
        hkbridge encode success true
        hkbridge encode error NOT_FOUND --details '{"hkErrorCode": 4}'
      """,
    subcommands: [Message.self, Call.self, Success.self, ErrorEnvelope.self]
  )

  struct Message: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "message",
      abstract: "Encode one value with StandardMessageCodec.",
      discussion: """
        Examples:
          hkbridge encode message '[1, 1.0, {"$int64": 1}, "é"]'
          echo '{"a": null}' | hkbridge encode message
          hkbridge encode message -5
        """
    )

    @Argument(
      parsing: .allUnrecognized, help: "The value as typed JSON (read from stdin when left out).")
    var json: [String] = []

    func run() throws {
      let value = try CommandIO.value(CommandIO.single(json, "JSON"), what: nil)
      CommandIO.writeLine(Hex.encode(StandardMessageCodec().encode(value)))
    }
  }

  struct Call: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "call",
      abstract: "Encode a method call with StandardMethodCodec.",
      discussion: """
        When ARGS-JSON is left out the arguments are read from stdin; they are
        null when stdin is a terminal or holds nothing but whitespace.

        Examples:
          hkbridge encode call isAvailable
          hkbridge encode call readRecords '{"type": "steps", "start": 1704067200000}'
          echo '{"identifier": "HKCharacteristicTypeIdentifierBloodType"}' |
            hkbridge encode call readCharacteristic
        """
    )

    @Argument(help: "The method name.")
    var method: String

    @Argument(
      parsing: .allUnrecognized,
      help:
        "The arguments as typed JSON (stdin when left out; null if stdin is a terminal or blank).")
    var argsJSON: [String] = []

    func run() throws {
      try CommandIO.checkUTF8(method, "METHOD")
      let arguments: ChannelValue
      if let argsJSON = try CommandIO.single(argsJSON, "ARGS-JSON") {
        arguments = try CommandIO.parse(argsJSON, what: nil)
      } else if CommandIO.stdinIsTerminal {
        arguments = .null
      } else {
        let input = CommandIO.readStandardInput()
        let blank = input.allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        arguments = blank ? .null : try CommandIO.parseStandardInput(input)
      }
      let bytes = StandardMethodCodec().encodeMethodCall(MethodCall(method, arguments))
      CommandIO.writeLine(Hex.encode(bytes))
    }
  }

  struct Success: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "success",
      abstract: "Encode a success envelope (byte 0, then the value).",
      discussion: """
        Examples:
          hkbridge encode success true
          hkbridge encode success '{"uuid": "00000000-0000-4000-8000-000000000001"}'
          echo null | hkbridge encode success
        """
    )

    @Argument(
      parsing: .allUnrecognized, help: "The result as typed JSON (read from stdin when left out).")
    var json: [String] = []

    func run() throws {
      let value = try CommandIO.value(CommandIO.single(json, "JSON"), what: nil)
      CommandIO.writeLine(Hex.encode(StandardMethodCodec().encodeSuccessEnvelope(value)))
    }
  }

  struct ErrorEnvelope: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "error",
      abstract: "Encode an error envelope (byte 1, code, message, details).",
      discussion: """
        Examples:
          hkbridge encode error NOT_FOUND
          hkbridge encode error AUTHORIZATION_DENIED --message "Not allowed" \\
              --details '{"hkErrorCode": 4}'
          hkbridge encode error CRASH --stacktrace "at main()"
        """
    )

    @Argument(help: "The error code.")
    var code: String

    @Option(parsing: .unconditional, help: "The error message (null when left out).")
    var message: String?

    @Option(parsing: .unconditional, help: "The details as typed JSON (null when left out).")
    var details: String?

    @Option(
      parsing: .unconditional,
      help: "A stacktrace string, written as Android's optional fourth field.")
    var stacktrace: String?

    func run() throws {
      try CommandIO.checkUTF8(code, "CODE")
      try message.map { try CommandIO.checkUTF8($0, "--message") }
      try stacktrace.map { try CommandIO.checkUTF8($0, "--stacktrace") }
      let detailsValue = try details.map { try CommandIO.parse($0, what: "--details") } ?? .null
      let error = FlutterError(
        code: code, message: message, details: detailsValue,
        stacktrace: stacktrace.map(ChannelValue.string))
      CommandIO.writeLine(Hex.encode(StandardMethodCodec().encodeErrorEnvelope(error)))
    }
  }
}

/// Input and output shared by `encode` and `decode`: arguments or stdin in, one line out, bad
/// input reported on stderr with exit code 2.
enum CommandIO {
  static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) != 0 }

  /// Everything on stdin.
  static func readStandardInput() -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes.append(contentsOf: chunk[0..<count])
      } else if count == 0 || errno != EINTR {
        break
      }
    }
    return bytes
  }

  /// The one JSON argument, if any: a JSON text is one shell word (quote it). A `--` word (the
  /// usual end of options, as in `encode message -- -5`) is not part of it.
  static func single(_ arguments: [String], _ name: String) throws -> String? {
    var arguments = arguments
    if let terminator = arguments.firstIndex(of: "--") { arguments.remove(at: terminator) }
    if arguments.count > 1 {
      throw fail(
        "expected one \(name) argument (quote the JSON), not \(arguments.count) words: "
          + arguments.joined(separator: " "))
    }
    return arguments.first
  }

  /// The typed JSON of an argument, or of stdin when the argument is left out.
  static func value(_ argument: String?, what: String?) throws -> ChannelValue {
    if let argument { return try parse(argument, what: what) }
    return try parseStandardInput(readStandardInput())
  }

  static func parseStandardInput(_ input: [UInt8]) throws -> ChannelValue {
    do {
      return try ChannelJSON.parse(utf8: input)
    } catch {
      throw fail("bad typed JSON on stdin at \(error.path): \(error.message)")
    }
  }

  /// `what` names the option the text came from (`--details`); nil for the main argument.
  static func parse(_ text: String, what: String?) throws -> ChannelValue {
    do {
      // Arguments that were not UTF-8 are parsed from their own bytes, so that jansson refuses
      // them as it refuses such bytes on stdin.
      if let raw = rawArgument(text) { return try ChannelJSON.parse(utf8: raw) }
      return try ChannelJSON.parse(text)
    } catch {
      let place = what.map { " in \($0)" } ?? ""
      throw fail("bad typed JSON\(place) at \(error.path): \(error.message)")
    }
  }

  /// The bytes of the hex arguments (joined by spaces), or of stdin when there are none.
  static func bytes(_ arguments: [String]) throws -> [UInt8] {
    let text =
      arguments.isEmpty
      ? readStandardInput()
      : Array(arguments.map { rawArgument($0) ?? Array($0.utf8) }.joined(separator: [0x20]))
    do {
      return try Hex.decode(utf8: text)
    } catch {
      throw fail("bad hex at offset \(error.offset): expected \(error.reason)")
    }
  }

  /// The bytes of the command-line argument that Swift read as `text`, when they are not valid
  /// UTF-8 (Swift repairs such bytes to U+FFFD; hkbridge refuses them instead), else `nil`. An
  /// `--option=value` argument is matched by its value.
  static func rawArgument(_ text: String) -> [UInt8]? {
    guard text.unicodeScalars.contains("\u{FFFD}") else { return nil }
    for index in 0..<Int(CommandLine.argc) {
      guard let pointer = CommandLine.unsafeArgv[index] else { continue }
      let whole = Array(
        UnsafeBufferPointer(
          start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
          count: strlen(pointer)))
      var candidates = [whole]
      if let equals = whole.firstIndex(of: UInt8(ascii: "=")) {
        candidates.append(Array(whole[(equals + 1)...]))
      }
      for raw in candidates
      where UTF8Text.firstInvalidOffset(raw) != nil && String(decoding: raw, as: UTF8.self) == text
      {
        return raw
      }
    }
    return nil
  }

  /// Refuses a text argument (`name`) whose bytes are not valid UTF-8: it could not be sent as a
  /// Flutter string without being changed.
  static func checkUTF8(_ text: String, _ name: String) throws {
    guard let raw = rawArgument(text), let offset = UTF8Text.firstInvalidOffset(raw) else { return }
    let byte = String(raw[offset], radix: 16)
    throw fail(
      "\(name) must be valid UTF-8, but byte 0x\(byte.count == 1 ? "0" + byte : byte) at "
        + "offset \(offset) starts an ill-formed sequence")
  }

  /// Writes `error: message` to stderr; the result is the exit code for bad input.
  static func fail(_ message: String) -> ExitCode {
    writeError("error: " + message)
    return ExitCode(2)
  }

  static func writeError(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = write(STDERR_FILENO, base + offset, buffer.count - offset)
        if written <= 0 && errno != EINTR { break }
        if written > 0 { offset += written }
      }
    }
  }

  static func writeLine(_ line: String) {
    Swift.print(line)
  }
}

// The fast path's tables (FastPath/): each subcommand's options and words.
extension EncodeCommand.Message: FastParsable {
  static var fastOptions: [FastOption<Self>] { [] }

  static func fastArguments(_ words: [String], into command: inout Self) -> Bool {
    command.json = words
    return true
  }
}

extension EncodeCommand.Call: FastParsable {
  static var fastOptions: [FastOption<Self>] { [] }

  static func fastArguments(_ words: [String], into command: inout Self) -> Bool {
    guard let method = words.first else { return false }
    command.method = method
    command.argsJSON = Array(words.dropFirst())
    return true
  }
}

extension EncodeCommand.Success: FastParsable {
  static var fastOptions: [FastOption<Self>] { [] }

  static func fastArguments(_ words: [String], into command: inout Self) -> Bool {
    command.json = words
    return true
  }
}

extension EncodeCommand.ErrorEnvelope: FastParsable {
  static var fastOptions: [FastOption<Self>] {
    [
      .optional("--message") { $0.message = $1 },
      .optional("--details") { $0.details = $1 },
      .optional("--stacktrace") { $0.stacktrace = $1 },
    ]
  }

  static func fastArguments(_ words: [String], into command: inout Self) -> Bool {
    guard words.count == 1 else { return false }
    command.code = words[0]
    return true
  }
}
