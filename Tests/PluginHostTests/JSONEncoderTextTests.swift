import Testing

@testable import PluginHost

/// Foundation's JSONEncoder string escapes; a text with nothing to escape is quoted whole.
@Suite struct JSONEncoderTextTests {
  @Test func plainTextIsQuotedWhole() {
    #expect(
      JSONEncoderText.quoted("HKQuantityTypeIdentifierStepCount")
        == #""HKQuantityTypeIdentifierStepCount""#)
    #expect(JSONEncoderText.quoted("") == #""""#)
    #expect(JSONEncoderText.quoted("é 😀 \u{7F}") == "\"é 😀 \u{7F}\"")
  }

  @Test func escapedCharacters() {
    #expect(JSONEncoderText.quoted(#"a"b\c/d"#) == #""a\"b\\c\/d""#)
    #expect(JSONEncoderText.quoted("\n\r\t\u{08}\u{0C}") == #""\n\r\t\b\f""#)
    #expect(JSONEncoderText.quoted("x\u{01}y\u{1F}") == #""x\u0001y\u001f""#)
    #expect(JSONEncoderText.quoted("é/") == #""é\/""#)
  }
}
