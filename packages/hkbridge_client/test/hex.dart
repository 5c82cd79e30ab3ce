import 'dart:typed_data';

/// Bytes from hex text; spaces are ignored.
Uint8List hex(String text) {
  final digits = text.replaceAll(' ', '');
  return Uint8List.fromList([
    for (var i = 0; i < digits.length; i += 2) int.parse(digits.substring(i, i + 2), radix: 16),
  ]);
}
