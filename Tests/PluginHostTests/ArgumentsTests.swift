import FlutterCodec
import Testing

@testable import PluginHost
@testable import PluginProfiles

@Suite struct ArgumentsTests {
  /// The field of the argument error `body` throws (the host's own type, never the store's);
  /// nil when it succeeds.
  func field(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch let error as ArgumentError {
      #expect(!error.message.isEmpty)
      return error.field
    } catch {
      Issue.record("unexpected error \(error)")
      return nil
    }
  }

  @Test func nullOptionalFieldIsAbsent() throws {
    let args = Arguments(["a": nil, "b": 1])
    #expect(try args.optionalValue("a") == nil)
    #expect(try args.optionalInt("a") == nil)
    #expect(try args.optionalInt("b") == 1)
    #expect(field { _ = try args.int("a") } == "a")
  }

  @Test func lastDuplicateKeyWins() throws {
    let args = Arguments(.map([.init("a", 1), .init("a", 2)]))
    #expect(try args.int("a") == 2)
  }

  @Test func numbersAcceptIntsAndFloats() throws {
    let args = Arguments(["i": 3, "l": .int64(4), "f": 2.5, "s": "x"])
    #expect(try args.number("i") == 3)
    #expect(try args.number("l") == 4)
    #expect(try args.number("f") == 2.5)
    #expect(field { _ = try args.number("s") } == "s")
    #expect(field { _ = try args.int("f") } == "f")
  }

  @Test func nestedFieldsAreNamedByPath() throws {
    let args = Arguments(["records": [["unit": 5]]])
    let list = try args.list("records")
    let record = try args.element(list[0], of: "records", at: 0)
    #expect(field { _ = try record.string("unit") } == "records[0].unit")
    #expect(field { _ = try args.element(.int(1), of: "records", at: 1) } == "records[1]")
    let nested = try Arguments(["m": ["x": true]]).map("m")
    #expect(field { _ = try nested.string("x") } == "m.x")
  }

  @Test func choicesAndUnknownFields() throws {
    let args = Arguments(["mode": "b", "extra": 1])
    #expect(try args.choice("mode", of: ["a", "b"]) == "b")
    #expect(field { _ = try args.choice("mode", of: ["a"]) } == "mode")
    #expect(field { try args.rejectUnknownFields(allowed: ["mode"]) } == "extra")
    #expect(field { _ = try Arguments(.map([.init(1, 1)])).keys() } == "args")
  }

  @Test func nonMapArgumentsAreRefusedWhenAFieldIsNeeded() {
    #expect(field { _ = try Arguments("text").string("a") } == "args")
    #expect(field { _ = try Arguments(nil).string("a") } == "a")
  }
}
