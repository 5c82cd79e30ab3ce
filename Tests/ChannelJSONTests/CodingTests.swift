import ChannelJSON
import Testing

@Suite("Base64 and hex")
struct CodingTests {
  @Test("base64 of RFC 4648's test vectors")
  func base64Vectors() throws {
    let vectors = [
      ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
      ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
    ]
    for (plain, encoded) in vectors {
      #expect(Base64.encode(Array(plain.utf8)) == encoded)
      #expect(try Base64.decode(encoded) == Array(plain.utf8))
    }
    #expect(Base64.encode([0xFB, 0xFF, 0xBF]) == "+/+/")
  }

  @Test(
    "base64 refusals name the offset",
    arguments: [
      ("Zg=", 3), ("Zg", 2), ("Z===", 1), ("Zh==", 1), ("Zm9=", 2), ("Zg==Zg==", 2), ("Zm 9", 2),
      ("Zm-v", 2),
    ])
  func base64Errors(text: String, offset: Int) {
    #expect(throws: Base64.DecodingError.self) { try Base64.decode(text) }
    do {
      _ = try Base64.decode(text)
    } catch {
      #expect(error.offset == offset, "\(error)")
    }
  }

  @Test("hex: lowercase out; spaces, newlines, case and 0x accepted in")
  func hex() throws {
    #expect(Hex.encode([0x00, 0xAB, 0x0F]) == "00ab0f")
    #expect(try Hex.decode("00ab0f") == [0x00, 0xAB, 0x0F])
    #expect(try Hex.decode(" 0x00 AB\n0\tF\r\n") == [0x00, 0xAB, 0x0F])
    #expect(try Hex.decode("") == [])
  }

  @Test(
    "hex refusals name the offset",
    arguments: [("0g", 1), ("abc", 2), ("00 0x11", 4), ("é0", 0), ("0x", -1)])
  func hexErrors(text: String, offset: Int) {
    do {
      let bytes = try Hex.decode(text)
      #expect(offset == -1, "decoded \(bytes)")
    } catch {
      #expect(error.offset == offset, "\(error)")
    }
  }

  @Test("hex from raw bytes names a byte that is not UTF-8 as it is")
  func hexRawBytes() throws {
    #expect(try Hex.decode(utf8: [0x30, 0x61, 0x0A, 0x46, 0x66]) == [0x0A, 0xFF])
    do {
      let bytes = try Hex.decode(utf8: [0x30, 0x30, 0x20, 0xFF, 0x30])
      Issue.record("decoded \(bytes)")
    } catch {
      #expect(error.offset == 3)
      #expect(error.reason == "a hex digit (0-9, a-f, A-F) or whitespace, not byte 0xff")
    }
  }
}
