/// The channel name of the last frame served, as bytes in memory of its own, and its place in
/// the frame server's cache of recent names: most frames repeat the channel of the one before.
struct LastChannel {
  private(set) var base: UnsafeMutableRawPointer
  private var capacity: Int
  /// The name's length in bytes (-1: none yet, so no frame's channel matches).
  private(set) var count = -1
  private(set) var index = 0

  init() {
    capacity = 64
    base = .allocate(byteCount: capacity, alignment: 8)
  }

  /// Keeps a copy of `bytes`, the name at `index` of the cache.
  mutating func remember(_ bytes: UnsafeRawBufferPointer, index: Int) {
    if bytes.count > capacity {
      base.deallocate()
      capacity = bytes.count
      base = .allocate(byteCount: capacity, alignment: 8)
    }
    if let source = bytes.baseAddress { base.copyMemory(from: source, byteCount: bytes.count) }
    count = bytes.count
    self.index = index
  }

  /// Forgets the name (the cache moved its entries).
  mutating func forget() { count = -1 }
}
