import FlutterCodec

/// A method table arranged for a cheap lookup by name: the entries sorted by the length of their
/// UTF-8 name, so that a lookup compares the name only with the few names of the same length
/// (no hashing). A name it does not find is looked up in the table itself, so that the answer is
/// always the dictionary's (`String` equality is canonical equivalence, which may match names of
/// other lengths). A name in neither gets `unknown`, the channel's answer to a method it does not
/// know (`nil`: a null reply, Flutter's "not implemented").
package final class MethodIndex: @unchecked Sendable {
  /// One method, immutable once made: a call runs its handler borrowed from here (no copy of
  /// the handler's closures and key list, so nothing to retain and release per call).
  private final class Method {
    let name: String
    let handler: MethodHandler
    init(name: String, handler: MethodHandler) {
      self.name = name
      self.handler = handler
    }
  }

  /// A method and its name's bytes. `method` is kept alive by ``methods``; it is read here at +0.
  private struct Entry {
    let utf8: NameBytes
    let method: Unmanaged<Method>
  }

  private let table: MethodTable
  /// The methods ``entries`` point at, owned here.
  private let methods: [Method]
  /// The entries, in memory of their own (looked at on every call: no array to retain);
  /// immutable once made, like the whole index.
  private let entries: UnsafeMutableBufferPointer<Entry>
  /// `entries[firstOfLength[n]..<firstOfLength[n + 1]]` are the names of `n` UTF-8 bytes.
  private let firstOfLength: UnsafeMutableBufferPointer<Int>
  private let unknown: MethodHandler?

  init(_ table: MethodTable, unknown: MethodHandler? = nil) {
    self.table = table
    self.unknown = unknown
    let sorted = table.map { Method(name: $0.key, handler: $0.value) }
      .sorted { ($0.name.utf8.count, $0.name) < ($1.name.utf8.count, $1.name) }
    methods = sorted
    let longest = sorted.last?.name.utf8.count ?? 0
    var firstOfLength: [Int] = []
    var position = 0
    for length in 0...(longest + 1) {
      while position < sorted.count && sorted[position].name.utf8.count < length { position += 1 }
      firstOfLength.append(position)
    }
    entries = .allocate(capacity: sorted.count)
    _ = entries.initialize(
      from: sorted.map { Entry(utf8: NameBytes($0.name.utf8), method: .passUnretained($0)) })
    self.firstOfLength = .allocate(capacity: firstOfLength.count)
    _ = self.firstOfLength.initialize(from: firstOfLength)
  }

  deinit {
    for entry in entries { entry.utf8.deallocate() }
    entries.deinitialize()
    entries.deallocate()
    firstOfLength.deallocate()
  }

  /// The number of methods (positions `0..<count`).
  var count: Int { entries.count }

  /// Every method name of the table.
  var names: Dictionary<String, MethodHandler>.Keys { table.keys }

  /// Every method of the table, by name.
  package var handlers: MethodTable { table }

  /// The position of the method whose name is exactly the UTF-8 `bytes` (a call's name where it
  /// lies in the payload), or `nil`: no `String` is made and nothing is validated (its name is
  /// the table's own, ``name(at:)``). A name of other bytes may still be a method's in another
  /// Unicode normalisation: ``handler(for:)`` then decides.
  func position(utf8 bytes: UnsafeRawBufferPointer) -> Int? {
    let length = bytes.count
    guard length + 1 < firstOfLength.count, let given = bytes.baseAddress else { return nil }
    var position = firstOfLength[length]
    let end = firstOfLength[length + 1]
    while position < end {
      if NameBytes.same(entries[position].utf8.base, given, count: length) { return position }
      position += 1
    }
    return nil
  }

  /// The name of the method at `position` (``position(utf8:)``).
  func name(at position: Int) -> String {
    entries[position].method._withUnsafeGuaranteedRef { $0.name }
  }

  /// Runs the method at `position` (``position(utf8:)``) where it is kept (no copy of its
  /// handler).
  @inline(__always)
  func run(at position: Int, arguments: ChannelValue, environment: HostEnvironment) throws
    -> ChannelValue
  {
    try entries[position].method._withUnsafeGuaranteedRef { method in
      try method.handler.run(named: method.name, arguments: arguments, environment: environment)
    }
  }

  /// The same with the call's context made by the caller.
  func run(at position: Int, _ context: MethodContext) throws -> ChannelValue {
    try entries[position].method._withUnsafeGuaranteedRef { try $0.handler.run(context) }
  }

  /// The handler of `method` (the unknown-method answer when the table has none), or `nil`.
  func handler(for method: String) -> MethodHandler? {
    let length = method.utf8.count
    if length + 1 < firstOfLength.count {
      for position in firstOfLength[length]..<firstOfLength[length + 1]
      where methods[position].name == method {
        return methods[position].handler
      }
    }
    return table[method] ?? unknown
  }
}
