#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Stops the run when a property does not hold; libFuzzer then saves the input as a crash
/// artifact (abort is a deadly signal to it).
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition {
    fputs("fuzz property failed: \(message())\n", stderr)
    abort()
  }
}

/// The input libFuzzer hands over, copied into an array (libFuzzer owns its buffer).
func inputBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
  guard let data, size > 0 else { return [] }
  return Array(UnsafeBufferPointer(start: data, count: size))
}

/// Byte-exact string equality (Swift's `==` compares canonical equivalence, Dart compares code
/// units; the wire carries bytes).
func sameBytes(_ a: String, _ b: String) -> Bool {
  a.utf8.elementsEqual(b.utf8)
}
