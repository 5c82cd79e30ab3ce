import PluginHost
import Testing

/// A warning is one line: control characters in it are written as JSON's escapes.
@Suite struct WarningLineTests {
  @Test func textWithoutControlCharactersIsReturnedAsItIs() {
    let text = #"channel "health/é" has no method "x\y""#
    #expect(WarningLine.escapingControlCharacters(text) == text)
  }

  @Test func newlineReturnAndTabHaveShortEscapes() {
    #expect(WarningLine.escapingControlCharacters("a\nb\rc\td") == #"a\nb\rc\td"#)
  }

  @Test func otherControlCharactersAreWrittenAsFourHexDigits() {
    #expect(
      WarningLine.escapingControlCharacters("\u{0}\u{1B}\u{1F}\u{7F}")
        == #"\u0000\u001b\u001f\u007f"#)
  }

  @Test func scalarsPastASCIIAroundAnEscapeAreKept() {
    #expect(WarningLine.escapingControlCharacters("é\n😀\u{85}") == "é\\n😀\u{85}")
  }
}
