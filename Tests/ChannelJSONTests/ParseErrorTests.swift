import ChannelJSON
import FlutterCodec
import Testing

/// The error `text` raises, or nil (with an issue recorded) when it parses.
func parseError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation)
  -> ChannelJSONError?
{
  do {
    let value = try ChannelJSON.parse(text)
    Issue.record("expected an error, parsed \(value)", sourceLocation: sourceLocation)
    return nil
  } catch {
    return error
  }
}

@Suite("Typed JSON: parse errors name the path and what was expected")
struct ParseErrorTests {
  @Test(
    "each error class, by kind and path",
    arguments: [
      (#"{"a": [1, 2, {"$int32List": [1, 2, 2147483648]}]}"#, "outOfRange", "$.a[2].$int32List[2]"),
      (#"{"$int32List": [1, 1.5]}"#, "wrongType", "$.$int32List[1]"),
      (#"{"$int32List": {"a": 1}}"#, "wrongType", "$.$int32List"),
      (#"{"$int64List": [1, "2"]}"#, "wrongType", "$.$int64List[1]"),
      (#"{"$int64": 1.0}"#, "wrongType", "$.$int64"),
      (#"{"$int64": "1"}"#, "wrongType", "$.$int64"),
      (#"{"$largeInt": 12}"#, "wrongType", "$.$largeInt"),
      (#"{"$float64": "nan"}"#, "wrongType", "$.$float64"),
      (#"{"$float64": null}"#, "wrongType", "$.$float64"),
      (#"{"$float32List": [1, 1e39]}"#, "outOfRange", "$.$float32List[1]"),
      (#"{"$float32List": [true]}"#, "wrongType", "$.$float32List[0]"),
      (#"{"$float64List": ["inf"]}"#, "wrongType", "$.$float64List[0]"),
      (#"{"$uint8List": "AQI"}"#, "invalidBase64", "$.$uint8List"),
      (#"{"$uint8List": "AQ I="}"#, "invalidBase64", "$.$uint8List"),
      (#"{"$uint8List": "AR=="}"#, "invalidBase64", "$.$uint8List"),
      (#"{"$uint8List": "A=AA"}"#, "invalidBase64", "$.$uint8List"),
      (#"{"$uint8List": [1]}"#, "wrongType", "$.$uint8List"),
      (#"{"$map": [[1, 2], [3]]}"#, "wrongType", "$.$map[1]"),
      (#"{"$map": {"a": 1}}"#, "wrongType", "$.$map"),
      (#"{"$map": [[1, {"$int64": 0.5}]]}"#, "wrongType", "$.$map[0][1].$int64"),
      (#"{"$ext": {"tag": 127, "value": 1}}"#, "outOfRange", "$.$ext.tag"),
      (#"{"$ext": {"tag": 256, "value": 1}}"#, "outOfRange", "$.$ext.tag"),
      (#"{"$ext": {"tag": "129", "value": 1}}"#, "wrongType", "$.$ext.tag"),
      (#"{"$ext": {"tag": 129}}"#, "wrongType", "$.$ext"),
      (#"{"$ext": {"tag": 129, "value": 1, "x": 2}}"#, "wrongType", "$.$ext"),
      (#"{"$ext": [129, 1]}"#, "wrongType", "$.$ext"),
      (#"{"$ext": {"tag": 129, "value": {"$int64": true}}}"#, "wrongType", "$.$ext.value.$int64"),
      (#"{"odd key": {"$int64": null}}"#, "wrongType", #"$["odd key"].$int64"#),
      (#"{"1st": [{"$int64": null}]}"#, "wrongType", #"$["1st"][0].$int64"#),
      (#"[1, 2"#, "syntax", "$"),
      (#"[1] 2"#, "syntax", "$"),
      (#"{"a": 1, "a": 2}"#, "duplicateKey", "$"),
      (#"9223372036854775808"#, "outOfRange", "$"),
      (#"1e400"#, "outOfRange", "$"),
      (#""\ud800""#, "syntax", "$"),
      (#"{"a\u0000b": 1}"#, "syntax", "$"),
      ("", "syntax", "$"),
    ])
  func errorClasses(text: String, kind: String, path: String) {
    guard let error = parseError(text) else { return }
    #expect(error.kind.rawValue == kind, "\(error)")
    #expect(error.path == path, "\(error)")
    #expect(!error.message.isEmpty)
  }

  @Test("messages say what was expected")
  func messages() {
    #expect(
      parseError(#"{"$int32List": [2147483648]}"#)?.message
        == "expected an int32 (-2147483648...2147483647), not 2147483648")
    #expect(
      parseError(#"{"$ext": {"tag": 12, "value": 1}}"#)?.message
        == "expected an extension tag 128...255 (0–127 are the standard types), not 12")
    #expect(
      parseError(#"{"$int64": 1.5}"#)?.description
        == "$.$int64: expected a JSON integer in int64 range, not the number 1.5")
  }

  @Test("syntax errors give line and column")
  func syntaxPosition() {
    let error = parseError("[1,\n  2,\n  ]")
    #expect(error?.kind == .syntax)
    #expect(error?.message.hasPrefix("line 3, column 3") == true, "\(String(describing: error))")
  }

  @Test("invalid UTF-8 is refused, not repaired")
  func invalidUTF8() {
    #expect(throws: ChannelJSONError.self) { try ChannelJSON.parse(utf8: [0x22, 0xC3, 0x22]) }
    do {
      _ = try ChannelJSON.parse(utf8: [0x22, 0xFF, 0x22])
      Issue.record("expected an error")
    } catch {
      #expect(error.kind == .invalidUTF8)
    }
  }

  @Test("nesting beyond 512 containers is an error, also through $map and $ext")
  func tooDeep() {
    let lists = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
    #expect(parseError(lists)?.kind == .nestingTooDeep)
    let maps =
      String(repeating: #"{"$map": [[1, "#, count: 513) + "0"
      + String(repeating: "]]}", count: 513)
    #expect(parseError(maps)?.kind == .nestingTooDeep)
    let exts =
      String(repeating: #"{"$ext": {"tag": 200, "value": "#, count: 513) + "0"
      + String(repeating: "}}", count: 513)
    #expect(parseError(exts)?.kind == .nestingTooDeep)
  }

  @Test("a million open brackets fail cleanly (jansson's own depth limit)")
  func hugeNesting() {
    let error = parseError(String(repeating: "[", count: 1_000_000))
    #expect(error?.kind == .nestingTooDeep)
  }
}
