import FlutterCodec
import HealthKitModel
import HealthStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Verification, stubs and delays for plugin calls (protocol/verification.md): the log of
/// plugin calls (`calls`, `clearCalls`), canned answers (`stub`) and real-time reply delays
/// (`setLatency`). One per dispatcher; the control channel's `reset` empties it.
package final class Verification {
  struct LoggedCall {
    var method: String
    /// The arguments as logged: a call of more than ``Verification/encodedSize`` is kept as
    /// bytes (see ``Kept``), the rest as they are; ``value`` is what `calls` answers.
    var arguments: ChannelValue
    /// `nil` for a success, the error's code, or `notImplemented` for a null reply; `pending`
    /// while a call answered later (a native plugin's) waits for its result.
    var code: String?
    /// Names a call answered later, so that its result finds its entry (0: answered at once).
    var serial = 0

    /// About the bytes the call holds (its text, and 16 a value besides; a call kept as bytes:
    /// those bytes).
    var size: Int { method.utf8.count + Self.size(of: arguments) }

    /// How a big call is kept: its bytes, a fraction of the memory of its values (an element
    /// of a list of integers: 5 bytes instead of 24), decoded when `calls` asks. Marked by an
    /// extension tag no decoded value has (they are 128–255), so that an entry stays as small
    /// and as cheap to log as before.
    enum Kept: UInt8 {
      /// The bytes of the whole call as it was sent (shared with the sender, not copied).
      case sentCall = 0
      /// The arguments encoded by the standard codec (extension tags allowed).
      case encodedArguments = 1
    }

    static var codec: StandardMessageCodec { StandardMessageCodec(allowsExtensions: true) }

    /// How the arguments are kept as bytes, and the bytes; `nil` when kept as they are.
    private var kept: (Kept, [UInt8])? {
      guard case .ext(let tag, .uint8List(let bytes)) = arguments, let kept = Kept(rawValue: tag)
      else { return nil }
      return (kept, bytes)
    }

    /// The arguments as they were sent.
    var value: ChannelValue {
      guard let (kept, bytes) = kept else { return arguments }
      // Bytes that were decoded (by the dispatcher's codec) or encoded (by this one) before.
      switch kept {
      case .sentCall:
        return (try? StandardMethodCodec().decodeMethodCall(bytes))?.arguments ?? .null
      case .encodedArguments:
        return (try? Self.codec.decode(bytes)) ?? .null
      }
    }

    /// Whether the arguments are kept as bytes (a big call's).
    var isEncoded: Bool { kept != nil }

    /// A scalar's size without a walk (most calls' arguments); only containers are walked.
    @inline(__always)
    static func size(of value: ChannelValue) -> Int {
      switch value {
      case .null, .bool, .int32, .int64, .float64: return 16
      default: return walkedSize(of: value)
      }
    }

    static func walkedSize(of value: ChannelValue) -> Int {
      switch value {
      case .string(let s), .largeInt(let s): return 16 + s.utf8.count
      case .uint8List(let b): return 16 + b.count
      case .int32List(let v): return 16 + 4 * v.count
      case .float32List(let v): return 16 + 4 * v.count
      case .int64List(let v): return 16 + 8 * v.count
      case .float64List(let v): return 16 + 8 * v.count
      case .list(let items): return items.reduce(16) { $0 + size(of: $1) }
      case .map(let entries):
        return entries.reduce(16) { $0 + size(of: $1.key) + size(of: $1.value) }
      case .ext(_, let inner): return 16 + size(of: inner)
      case .null, .bool, .int32, .int64, .float64: return 16
      }
    }
  }

  package struct Stub {
    var method: String
    /// Keys the call's arguments must hold with equal values (`nil`: any arguments).
    var arguments: [ChannelMapEntry]?
    var reply: Envelope
    /// Answers left (`nil`: every matching call).
    var remaining: Int?

    package init(
      method: String, arguments: [ChannelMapEntry]?, reply: Envelope, remaining: Int?
    ) {
      self.method = method
      self.arguments = arguments
      self.reply = reply
      self.remaining = remaining
    }
  }

  /// The log holds at most this many calls: when full, its older half is dropped at once (so a
  /// long run costs no per-call shifting, and serve's memory stays flat however long it runs).
  static let logLimit = 10_000
  /// ... and at most about this many bytes of arguments (``LoggedCall/size``): past it, the
  /// older half is dropped too, until the log fits.
  static let logByteLimit = 16 << 20
  /// A call whose ``LoggedCall/size`` is over this is kept encoded (``LoggedCall``), so that the
  /// log does not hold a long `--jsonl` line's call as values several times its size.
  static let encodedSize = 1 << 20
  /// The bytes of the message being handled, when the dispatcher was given them as an array
  /// (``Dispatcher/handleMessage(channel:payload:)``): a big call's entry keeps them.
  var sentPayload: [UInt8]?

  // The log is touched on every call: no run-time exclusivity checks (serving is
  // single-threaded and no access to these overlaps another).
  private let log = CallLog(limit: Verification.logLimit, byteLimit: Verification.logByteLimit)
  private var stubs = StubIndex() {
    didSet { updateQuiet() }
  }
  /// Per method; the key `""` is every plugin method.
  private var latencies: [String: Int] = [:] {
    didSet { updateQuiet() }
  }
  /// No stubs and no latencies: a call is only logged (the per-call path looks at this alone).
  private(set) var isQuiet = true

  private func updateQuiet() { isQuiet = stubs.isEmpty && latencies.isEmpty }

  /// The calls logged, oldest first.
  var loggedCalls: [LoggedCall] { log.entries }

  func reset() {
    log.removeAll()
    stubs.removeAll()
    latencies.removeAll()
  }

  package func clearCalls() { log.removeAll() }

  package func addStub(_ stub: Stub) { stubs.add(stub) }

  package var stubCount: Int { stubs.count }

  package func setLatency(method: String?, milliseconds: Int) {
    // A method's 0 is kept: it means no delay for that method even under a general latency.
    latencies[method ?? ""] = milliseconds
  }

  /// The reply of the most recently added stub that matches the call (consuming one of its
  /// answers), or `nil`.
  func stubbedReply(to call: MethodCall) -> Envelope? {
    stubs.isEmpty ? nil : stubs.reply(to: call)
  }

  static func matches(_ stub: Stub, _ call: MethodCall) -> Bool {
    guard stub.method == call.method else { return false }
    guard let wanted = stub.arguments else { return true }
    guard case .map(let given) = call.arguments else { return wanted.isEmpty }
    return wanted.allSatisfy { want in
      given.contains { $0.key == want.key && $0.value == want.value }
    }
  }

  func record(_ call: MethodCall, reply: MessageReply) {
    record(
      name: log.name(call.method), arguments: call.arguments,
      isScalar: call.arguments.isScalar, reply: reply)
  }

  /// The number the log gives a method's name (``record(name:arguments:isScalar:reply:)``).
  func logName(_ method: String) -> UInt32 { log.name(method) }

  /// Logs a call of the method named `name` (``logName(_:)``): a plain record, no string copied.
  /// `isScalar`: whether `arguments` is null, a bool or a number (``ChannelValue/isScalar``), which
  /// the caller knows.
  @inline(__always)
  func record(
    name: UInt32, arguments: consuming ChannelValue, isScalar: Bool, reply: MessageReply
  ) {
    let code: UInt32
    if case .success = reply { code = CallLog.noCode } else { code = log.code(reply.loggedCode) }
    keep(name: name, arguments: arguments, isScalar: isScalar, code: code, serial: 0)
  }

  /// Keeps one call in the log, within its limits of calls and bytes (``CallLog``): a big call
  /// kept as bytes.
  @inline(__always)
  private func keep(
    name: UInt32, arguments: consuming ChannelValue, isScalar scalar: Bool, code: UInt32,
    serial: Int
  ) {
    // A scalar call is kept as a record whatever its size (its name is kept once, in the log's
    // table of names); any other over ``encodedSize`` as bytes.
    let size = log.length(of: name) &+ (scalar ? 16 : LoggedCall.walkedSize(of: arguments))
    if !scalar && size > Self.encodedSize {
      return logBig(
        MethodCall(log.name(numbered: name), arguments), code: log.codeName(code), serial: serial)
    }
    log.append(
      CallLog.Record(name: name, code: code, serial: serial, arguments: arguments), size: size,
      holdsReferences: !scalar)
  }

  /// A big call's entry, kept as bytes (apart, so that the common path does nothing more).
  @inline(never)
  private func logBig(_ call: MethodCall, code: String?, serial: Int = 0) {
    log.append(
      LoggedCall(big: call, code: code, serial: serial, sent: serial == 0 ? sentPayload : nil))
  }

  /// The code of a call whose result has not come yet.
  package static let pendingCode = "pending"
  /// The serial of the last call logged as pending.
  private var lastSerial = 0

  /// Logs a call answered later (a native plugin's), as `pending` until ``finish(_:reply:)``
  /// gives its reply; returns the serial that finds it.
  package func start(_ call: MethodCall) -> Int {
    lastSerial += 1
    keep(
      name: log.name(call.method), arguments: call.arguments, isScalar: call.arguments.isScalar,
      code: log.code(Self.pendingCode), serial: lastSerial)
    return lastSerial
  }

  /// Gives the call logged with `serial` its reply's code (nothing when the log dropped it, or
  /// a `reset` emptied it, meanwhile).
  package func finish(_ serial: Int, reply: [UInt8]?) {
    guard let index = log.lastPosition(serial: serial) else { return }
    log.finish(at: index, code: Self.code(reply))
  }

  /// The code a null reply is logged with.
  static let notImplementedCode = "notImplemented"

  /// The reply's code as logged: `nil` for a success.
  static func code(_ reply: [UInt8]?) -> String? {
    guard let reply else { return notImplementedCode }
    guard reply.first == 1 else { return nil }
    if case .error(let error)? = try? StandardMethodCodec().decodeEnvelope(reply) {
      return error.code
    }
    return nil
  }

  /// The delay for a method's replies, in milliseconds (its own, else the one for every method).
  func latency(for method: String) -> Int {
    if latencies.isEmpty { return 0 }
    return latencies[method] ?? latencies[""] ?? 0
  }

  package var callsValue: ChannelValue {
    .list(
      log.entries.map {
        .object([
          ("method", .string($0.method)), ("args", $0.value),
          ("code", $0.code.map(ChannelValue.string) ?? .null),
        ])
      })
  }
}

extension Verification.LoggedCall {
  /// A call of more than ``Verification/encodedSize``, kept as bytes: `sent`, the bytes it
  /// was decoded from when the dispatcher has them as an array, else its arguments encoded.
  init(big call: MethodCall, code: String?, serial: Int = 0, sent: [UInt8]?) {
    let arguments: ChannelValue
    if let sent {
      arguments = .ext(tag: Kept.sentCall.rawValue, value: .uint8List(sent))
    } else {
      arguments = .ext(
        tag: Kept.encodedArguments.rawValue,
        value: .uint8List(Self.codec.encode(call.arguments)))
    }
    self.init(method: call.method, arguments: arguments, code: code, serial: serial)
  }
}

extension Dispatcher {
  /// A plugin call through verification: a stub answers before the store (and before an
  /// injected fault, which stays queued); every call is logged; a latency delays the reply,
  /// after ``beforeDelay`` has written the replies already made.
  func verifiedReply(to call: MethodCall, run: () -> MessageReply) -> MessageReply {
    if verification.isQuiet {
      let reply = run()
      verification.record(call, reply: reply)
      return reply
    }
    let reply: MessageReply
    if let stubbed = verification.stubbedReply(to: call) {
      switch stubbed {
      case .success(let value): reply = .success(value)
      case .error(let error): reply = .error(error)
      }
    } else {
      reply = run()
    }
    verification.record(call, reply: reply)
    waitLatency(for: call.method)
    return reply
  }
}
