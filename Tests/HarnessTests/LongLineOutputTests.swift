import ChannelJSON
import FlutterCodec
import HKBridgeCLI
import Testing

@testable import Harness

/// A long exchange's line is written in pieces while it is printed (`serve --jsonl`, issue 33
/// D20): the same bytes as the line printed whole, never held whole, its hex written from the
/// payload's bytes.
@Suite struct LongLineOutputTests {
  /// The emulator's catalogue, which `Emulator.make` reads: installed here, not left to whichever
  /// suite ran first (run in parallel, this one could start before any had).
  init() { Composition.install() }

  static let methodChannels: Set<String> = ["c"]
  static let ints: ChannelValue = .list((0..<20_000).map { .int32(Int32($0) * 37 - 5_000) })

  /// The pieces `lineUTF8(_:pieceBytes:flush:)` hands over, and the rest it returns.
  static func pieces(_ exchange: TranscriptExchange, pieceBytes: Int) -> [[UInt8]] {
    let box = Box()
    let rest = TranscriptWriter.lineUTF8(exchange, pieceBytes: pieceBytes) { piece in
      box.pieces.append(piece)
      piece.removeAll()
    }
    return box.pieces + [rest]
  }

  final class Box { var pieces: [[UInt8]] = [] }

  static var exchanges: [TranscriptExchange] {
    let codec = StandardMethodCodec()
    let call = codec.encodeMethodCall(MethodCall("m", ["xs": ints, "s": "é\n"]))
    let reply = codec.encodeEnvelope(.success(ints))
    let message = StandardMessageCodec().encode(ints)
    var noted = TranscriptRecorder.exchange(
      channel: "c", payload: call, reply: reply, methodChannels: methodChannels)
    noted.note = "kept after the hex"
    noted.at = 1_700_000_000_000
    return [
      TranscriptRecorder.exchange(
        channel: "c", payload: call, reply: reply, methodChannels: methodChannels),
      TranscriptRecorder.exchange(
        channel: "c", payload: call, reply: nil, methodChannels: methodChannels),
      TranscriptRecorder.exchange(
        channel: "raw", payload: message, reply: message, methodChannels: methodChannels),
      TranscriptRecorder.exchange(
        channel: "c", payload: nil, reply: nil, methodChannels: methodChannels),
      noted,
    ]
  }

  @Test("the pieces make the line printed whole", arguments: 0..<5)
  func piecesMakeTheWholeLine(_ index: Int) {
    let exchange = Self.exchanges[index]
    let whole = TranscriptWriter.lineUTF8(.exchange(exchange))
    let pieces = Self.pieces(exchange, pieceBytes: 1_024)
    #expect(Array(pieces.joined()) == whole)
    #expect(whole.last == UInt8(ascii: "\n"))
    if index < 3 {
      // Long lines go in pieces, none much longer than asked (an element, the hex's half piece).
      #expect(pieces.count > 100)
      #expect(pieces.allSatisfy { $0.count < 1_024 + 512 })
    } else {
      #expect(pieces.count == 1)
    }
  }

  @Test func aLongJSONLLineIsAnsweredWithItsCallAndItsBytes() throws {
    let server = JSONLServer(
      handler: Emulator.make(warnings: { _ in }), recorder: nil, maxLine: 1 << 24,
      logger: Logger(level: .quiet))
    let call = MethodCall("noSuchMethod", Self.ints)
    let line = #"{"call": "# + ChannelJSON.print(ChannelJSON.value(of: call)) + "}\r\n"
    #expect(line.utf8.count > JSONLServer.streamedBytes)
    server.feed(Array(line.utf8)[...])
    let lines = String(decoding: server.takeOutput(), as: UTF8.self).split(separator: "\n")
    // (No HELLO: `run` writes it, `feed` only serves lines.)
    #expect(lines.count == 1)
    guard lines.count == 1 else { return }
    let answer = try ChannelJSON.parse(String(lines[0]))
    #expect(answer["call"] == ChannelJSON.value(of: call))
    #expect(answer["callHex"] == .string(Hex.encode(StandardMethodCodec().encodeMethodCall(call))))
    #expect(answer["reply"] == .some(["notImplemented": true]))
    #expect(answer["replyHex"] == .some(ChannelValue.null))
  }
}
