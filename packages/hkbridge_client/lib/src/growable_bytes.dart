// The one growth rule of this package's byte builders (HkByteWriter, FrameWriter).

import 'dart:typed_data';

/// [bytes] with room for [needed] bytes, its first [length] bytes kept: [bytes] itself when it is
/// big enough, else a new list of the capacity doubled until [needed] fits.
Uint8List growBytes(Uint8List bytes, int length, int needed) {
  if (needed <= bytes.length) return bytes;
  var capacity = bytes.length < 1 ? 1 : bytes.length * 2;
  while (capacity < needed) {
    capacity *= 2;
  }
  return Uint8List(capacity)..setRange(0, length, bytes);
}
