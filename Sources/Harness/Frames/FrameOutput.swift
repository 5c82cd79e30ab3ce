import FlutterCodec
import PluginHost

/// The frames waiting to be written: one growable block of bytes that each frame is written into
/// in place (no intermediate array per frame). Emptied by the serve loop after each write(2).
final class FrameOutput {
  private static let initialCapacity = 256 * 1024

  private var base: UnsafeMutableRawPointer
  private var capacity: Int
  /// The number of bytes waiting.
  private(set) var count = 0

  init() {
    capacity = Self.initialCapacity
    base = .allocate(byteCount: capacity, alignment: 16)
  }

  deinit {
    base.deallocate()
  }

  var isEmpty: Bool { count == 0 }

  /// Runs `body` with the waiting bytes.
  func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
    body(UnsafeRawBufferPointer(start: base, count: count))
  }

  /// The waiting bytes, copied.
  var bytes: [UInt8] { withBytes { Array($0) } }

  /// Forgets the waiting bytes; a block grown past 4 MiB for a big reply goes back to its first
  /// size (one a little over the serve loop's 1 MiB flush bound is kept, to be reused).
  func removeAll() {
    count = 0
    if capacity > Self.initialCapacity * 16 {
      base.deallocate()
      capacity = Self.initialCapacity
      base = .allocate(byteCount: capacity, alignment: 16)
    }
  }

  /// Appends one frame (see ``FrameWriter/write(kind:id:channel:payload:at:)``).
  func appendFrame(
    kind: FrameKind, id: UInt32, channel: UnsafeRawBufferPointer,
    payload: UnsafeRawBufferPointer?
  ) {
    let size = FrameWriter.frameSize(
      channelCount: channel.count, payloadCount: payload?.count ?? 0)
    reserve(size)
    FrameWriter.write(kind: kind, id: id, channel: channel, payload: payload, at: base + count)
    count += size
  }

  /// Appends one frame whose payload is an array (`nil`: a null payload).
  func appendFrame(
    kind: FrameKind, id: UInt32, channel: UnsafeRawBufferPointer, payload: [UInt8]?
  ) {
    guard let payload else {
      appendFrame(kind: kind, id: id, channel: channel, payload: UnsafeRawBufferPointer?.none)
      return
    }
    payload.withUnsafeBytes { appendFrame(kind: kind, id: id, channel: channel, payload: $0) }
  }

  /// Appends the REPLY frame of `reply`: a method's value is encoded straight into the block
  /// (no array per reply); other replies are copied in as bytes.
  @inline(__always)
  func appendReply(id: UInt32, channel: UnsafeRawBufferPointer, reply: borrowing MessageReply) {
    switch reply {
    case .success(let value): appendSuccess(id: id, channel: channel, value: value)
    default: appendOther(id: id, channel: channel, reply: reply)
    }
  }

  /// Appends the REPLY frame of `reply` to the MESSAGE whose body (well formed) starts at
  /// `message`: a plain value's envelope in place, after the MESSAGE's id and channel as they lie
  /// there (``FrameWriter/writeReplyHead(answering:payloadCount:at:)``); any other reply with
  /// the MESSAGE's id and channel, as ``appendReply(id:channel:reply:)`` writes it
  /// (``appendReply(answeringOther:reply:)``).
  @inline(__always)
  func appendReply(answering message: UnsafeRawPointer, reply: borrowing MessageReply) {
    switch reply {
    case .success(let value):
      let headCount = FrameWriter.frameSize(
        channelCount: FrameLayout.channelCount(ofBody: message), payloadCount: 0)
      if let plainCount = placePlain(value, afterHead: headCount) {
        _ = FrameWriter.writeReplyHead(
          answering: message, payloadCount: plainCount, at: base + count)
        count &+= headCount &+ plainCount
        return
      }
    default: break
    }
    appendReply(answeringOther: message, reply: reply)
  }

  /// ``appendReply(answering:reply:)`` of any reply but a plain value's (a value that is not
  /// plain is encoded at once: it was tried as one already).
  @inline(never)
  private func appendReply(answeringOther message: UnsafeRawPointer, reply: borrowing MessageReply)
  {
    let header = UnsafeRawBufferPointer(start: message, count: FrameLayout.headerSize)
    let channel = UnsafeRawBufferPointer(
      start: message + FrameLayout.headerSize, count: FrameLayout.channelCount(ofBody: message))
    let id = FrameParser.peekID(header)
    switch reply {
    case .success(let value): appendEncodedSuccess(id: id, channel: channel, value: value)
    default: appendOther(id: id, channel: channel, reply: reply)
    }
  }

  /// Writes `value`'s success envelope, when it is a plain value's (null, a bool, a number),
  /// right after a frame head of `headCount` bytes yet to be written at ``count`` (room made
  /// for both), and returns its length; `nil`, with nothing written, for any other value.
  @inline(__always)
  private func placePlain(_ value: ChannelValue, afterHead headCount: Int) -> Int? {
    reserve(headCount &+ StandardMethodCodec.plainSuccessEnvelopeCapacity)
    return StandardMethodCodec().writePlainSuccessEnvelope(value, to: base + (count &+ headCount))
  }

  /// ``appendReply(id:channel:reply:)`` of a reply that is not a method's value: its bytes.
  @inline(never)
  private func appendOther(
    id: UInt32, channel: UnsafeRawBufferPointer, reply: borrowing MessageReply
  ) {
    switch reply {
    case .bytes(let bytes): appendFrame(kind: .reply, id: id, channel: channel, payload: bytes)
    default: appendFrame(kind: .reply, id: id, channel: channel, payload: (copy reply).bytes)
    }
  }

  /// The REPLY frame of a success envelope, encoded in place: a plain value's (null, a bool, a
  /// number) in one call, then the frame's head before it; any other's after its length is known.
  @inline(__always)
  private func appendSuccess(id: UInt32, channel: UnsafeRawBufferPointer, value: ChannelValue) {
    let headCount = FrameWriter.frameSize(channelCount: channel.count, payloadCount: 0)
    if let plainCount = placePlain(value, afterHead: headCount) {
      _ = FrameWriter.writeHead(
        kind: .reply, id: id, channel: channel, payloadCount: plainCount, isNull: false,
        at: base + count)
      count &+= headCount &+ plainCount
      return
    }
    appendEncodedSuccess(id: id, channel: channel, value: value)
  }

  /// The REPLY frame of a success envelope that is not a plain value's, encoded in place after
  /// its length is known.
  private func appendEncodedSuccess(
    id: UInt32, channel: UnsafeRawBufferPointer, value: ChannelValue
  ) {
    let codec = StandardMethodCodec()
    let payloadCount = codec.successEnvelopeCount(value)
    let size = FrameWriter.frameSize(channelCount: channel.count, payloadCount: payloadCount)
    reserve(size + StandardMethodCodec.writeSlack)
    let target = base + count
    let payloadStart = FrameWriter.writeHead(
      kind: .reply, id: id, channel: channel, payloadCount: payloadCount, isNull: false,
      at: target)
    codec.writeSuccessEnvelope(value, count: payloadCount, to: target + payloadStart)
    count += size
  }

  /// Appends one frame whose channel is a string.
  func appendFrame(kind: FrameKind, id: UInt32, channel: String, payload: [UInt8]?) {
    var name = channel
    name.withUTF8 {
      appendFrame(kind: kind, id: id, channel: UnsafeRawBufferPointer($0), payload: payload)
    }
  }

  /// Appends one whole frame.
  func appendFrame(_ frame: Frame) {
    appendFrame(kind: frame.kind, id: frame.id, channel: frame.channel, payload: frame.payload)
  }

  /// Makes room for `size` more bytes.
  @inline(__always)
  private func reserve(_ size: Int) {
    if capacity &- count < size { grow(toHold: count + size) }
  }

  private func grow(toHold needed: Int) {
    let newCapacity = max(capacity * 2, needed)
    let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
    grown.copyMemory(from: base, byteCount: count)
    base.deallocate()
    base = grown
    capacity = newCapacity
  }
}
