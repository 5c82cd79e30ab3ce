/// The input buffer of ``FrameServer``: bytes read land in one buffer that grows to hold a whole
/// frame up to `maxFrame` (never for a frame being skipped) and shrinks back once it empties.
extension FrameServer {
  // MARK: Input

  /// True when input ended now would end inside a frame (a partial length, body, or skipped body).
  public var isInsideFrame: Bool { start != end || skipRemaining > 0 }

  /// Free space to read into; after reading `n` bytes into it, call ``didRead(_:)``. Makes room
  /// for more of a pending frame (up to `maxFrame`), but never more than the bytes already held, so
  /// memory follows the bytes that arrived, not the length a frame declares; never for a skipped
  /// frame.
  public func readSpace() -> UnsafeMutableRawBufferPointer {
    if start == end {
      start = 0
      end = 0
      if buffer.count > Self.initialCapacity * 4 {
        buffer.deallocate()
        buffer = .allocate(byteCount: Self.initialCapacity, alignment: 16)
      }
    }
    var needed = Self.minimumReadSize
    let available = end - start
    if skipRemaining == 0 && available >= FrameLayout.lengthSize {
      let length = Int(loadLength(at: start))
      if length <= maxFrame {
        needed = max(needed, min(FrameLayout.lengthSize + length - available, available))
      }
    }
    if buffer.count - end < needed {
      if start > 0 {
        if available > 0 {
          buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: available)
        }
        start = 0
        end = available
      }
      if buffer.count - end < needed {
        let grown = UnsafeMutableRawBufferPointer.allocate(
          byteCount: max(buffer.count * 2, end + needed), alignment: 16)
        if end > 0 {
          grown.baseAddress!.copyMemory(from: buffer.baseAddress!, byteCount: end)
        }
        buffer.deallocate()
        buffer = grown
      }
    }
    return UnsafeMutableRawBufferPointer(rebasing: buffer[end...])
  }

  /// Takes `count` bytes just read into ``readSpace()`` and serves every complete frame.
  public func didRead(_ count: Int) {
    end += max(0, min(count, buffer.count - end))
    process()
  }

  /// Copies `bytes` in (in as many reads as needed) and serves every complete frame.
  public func feed(_ bytes: [UInt8]) {
    var offset = 0
    bytes.withUnsafeBytes { source in
      while offset < source.count {
        let space = readSpace()
        let n = min(space.count, source.count - offset)
        space.baseAddress!.copyMemory(from: source.baseAddress! + offset, byteCount: n)
        offset += n
        didRead(n)
      }
    }
  }
}
