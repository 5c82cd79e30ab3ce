import ArgumentParser
import ChannelJSON
import FlutterCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `hkbridge decode …`: hex of Flutter's bytes in, canonical typed JSON out.
struct DecodeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "decode",
    abstract: "Hex of Flutter's standard codec bytes to canonical typed JSON.",
    discussion: """
      HEX may contain spaces and newlines and may start with 0x; left out, it is
      read from stdin, at most --max-input bytes of it (default 64 MiB, like
      serve's --max-frame; more is refused with exit 2). Bytes that do not
      decode: a message naming the offset and what was expected, exit 2.
      Extension tags 128-255 are refused unless --allow-extensions is given (as
      in Flutter).

      Examples:
        hkbridge decode message 0c02 0301000000 0702c3a9
        hkbridge decode call 070b6973417661696c61626c6500
        hkbridge decode envelope 0001
        hkbridge encode call isAvailable | hkbridge decode call
      """,
    subcommands: [Message.self, Call.self, EnvelopeCommand.self]
  )

  struct Options: ParsableArguments {
    @Argument(help: "The bytes as hex, in one or more words (read from stdin when left out).")
    var hex: [String] = []

    @Flag(help: "Decode extension tags 128-255 as {\"$ext\": ...} instead of refusing them.")
    var allowExtensions = false

    @Option(help: "Refuse stdin longer than this many bytes (64 MiB, as serve --max-frame).")
    var maxInput: Int = DecodeCommand.defaultMaxInput

    var messageCodec: StandardMessageCodec {
      StandardMessageCodec(allowsExtensions: allowExtensions)
    }

    /// Decodes the input bytes with `decode`, reporting codec errors as bad input.
    func decoded<T>(
      _ what: String, _ decode: ([UInt8]) throws(CodecError) -> T
    ) throws -> T {
      guard maxInput >= 0 else {
        throw CommandIO.fail("--max-input \(maxInput): expected a byte count, 0 or more")
      }
      let bytes = try hex.isEmpty ? DecodeCommand.standardInputHex(maxInput) : CommandIO.bytes(hex)
      do {
        return try decode(bytes)
      } catch {
        throw CommandIO.fail("cannot decode the \(what): \(error)")
      }
    }
  }

  /// The default of `--max-input`: 64 MiB, as `serve --max-frame`.
  static let defaultMaxInput = 64 << 20

  /// The bytes of the hex on stdin, refusing it (exit 2, without reading the rest) as soon as
  /// it passes `limit` bytes.
  static func standardInputHex(_ limit: Int) throws -> [UInt8] {
    var text: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count > 0 {
        if text.count + count > limit {
          throw CommandIO.fail(
            "stdin holds more than \(limit) bytes (--max-input): nothing was decoded; give a "
              + "larger --max-input, or the hex as arguments")
        }
        text.append(contentsOf: chunk[0..<count])
      } else if count == 0 || errno != EINTR {
        break
      }
    }
    do {
      return try Hex.decode(utf8: text)
    } catch {
      throw CommandIO.fail("bad hex at offset \(error.offset): expected \(error.reason)")
    }
  }

  struct Message: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "message",
      abstract: "Decode one StandardMessageCodec value.",
      discussion: """
        Examples:
          hkbridge decode message 0c02 0301000000 0702c3a9
            prints [1, "é"]
          hkbridge decode message 0c04030100000006000000000000f03f \\
              04010000000000000007 02c3a9
            prints [1, 1.0, {"$int64": 1}, "é"]
          hkbridge decode message --allow-extensions 8103 2a000000
            prints {"$ext": {"tag": 129, "value": 42}}
        """
    )

    @OptionGroup var options: Options

    func run() throws {
      let codec = options.messageCodec
      let value = try options.decoded("message") { (bytes) throws(CodecError) in
        try codec.decode(bytes)
      }
      CommandIO.writeLine(ChannelJSON.print(value))
    }
  }

  struct Call: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "call",
      abstract: "Decode a StandardMethodCodec method call.",
      discussion: """
        Prints {"method": name, "args": value}.

        Examples:
          hkbridge decode call 070b6973417661696c61626c6500
            prints {"method": "isAvailable", "args": null}
        """
    )

    @OptionGroup var options: Options

    func run() throws {
      let codec = StandardMethodCodec(messageCodec: options.messageCodec)
      let call = try options.decoded("method call") { (bytes) throws(CodecError) in
        try codec.decodeMethodCall(bytes)
      }
      CommandIO.writeLine(ChannelJSON.print(ChannelJSON.value(of: call)))
    }
  }

  struct EnvelopeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "envelope",
      abstract: "Decode a StandardMethodCodec reply envelope.",
      discussion: """
        Prints {"ok": value} or
        {"error": {"code": .., "message": .., "details": ..}}, plus "stacktrace"
        when the envelope carries Android's fourth field.

        Examples:
          hkbridge decode envelope 0001
            prints {"ok": true}
          hkbridge decode envelope 01 07094e4f545f464f554e44 00 00
            prints {"error": {"code": "NOT_FOUND", "message": null, "details": null}}
        """
    )

    @OptionGroup var options: Options

    func run() throws {
      let codec = StandardMethodCodec(messageCodec: options.messageCodec)
      let envelope = try options.decoded("envelope") { (bytes) throws(CodecError) in
        try codec.decodeEnvelope(bytes)
      }
      CommandIO.writeLine(ChannelJSON.print(ChannelJSON.value(of: envelope)))
    }
  }
}

// The fast path's table (FastPath/): the options every decode subcommand shares.
extension DecodeCommand.Options: FastParsable {
  static var fastOptions: [FastOption<Self>] {
    [
      .flag("--allow-extensions") { $0.allowExtensions = $1 },
      .int("--max-input", default: DecodeCommand.defaultMaxInput) {
        $0.maxInput = $1
      },
    ]
  }

  static func fastArguments(_ words: [String], into command: inout Self) -> Bool {
    command.hex = words
    return true
  }
}

/// A decode subcommand: its options are ``DecodeCommand/Options``.
protocol DecodeSubcommand: ParsableCommand {
  var options: DecodeCommand.Options { get set }
}

extension DecodeCommand.Message: DecodeSubcommand {}
extension DecodeCommand.Call: DecodeSubcommand {}
extension DecodeCommand.EnvelopeCommand: DecodeSubcommand {}
