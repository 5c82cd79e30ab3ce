import FlutterCodec
import HealthStore
import PluginHost
import Testing

@testable import ChannelCatalogue
@testable import ControlChannel

/// The store's failure kinds have no wire spelling of their own; the catalogue of the default
/// profile and the control channel spells each once (protocol/errors.md#codes).
@Suite struct ErrorCatalogueTests {
  @Test func everyKindHasOneDistinctWireCodeThatReadsBack() {
    let codes = HealthErrorCode.allCases.map(\.wireCode)
    #expect(!codes.contains(""))
    #expect(Set(codes).count == HealthErrorCode.allCases.count)
    for kind in HealthErrorCode.allCases {
      #expect(HealthErrorCode(wireCode: kind.wireCode) == kind)
    }
    #expect(HealthErrorCode(wireCode: "invalidArguments") == nil)
  }

  @Test func theWireCodesAreTheCatalogues() {
    #expect(HealthErrorCode.invalidArguments.wireCode == "INVALID_ARGUMENTS")
    #expect(HealthErrorCode.typeUnavailableOnOS.wireCode == "TYPE_UNAVAILABLE_ON_OS")
    #expect(HealthErrorCode.workoutStateError.wireCode == "WORKOUT_STATE_ERROR")
    let error = PermissionsErrorMapping.flutterError(
      HealthError(.notFound, "gone").named(field: "uuids[0]"))
    #expect(error.code == "NOT_FOUND")
  }

  /// The host's argument error is the catalogue's `INVALID_ARGUMENTS`, `details` keeping the
  /// catalogue's order (`field`, `didYouMean`, `expected`): the same reply as the store's
  /// invalid-argument failure with the same contents, so moving a check from one type to the
  /// other changes no byte.
  @Test func anArgumentErrorIsTheCataloguesInvalidArguments() {
    var argument = ArgumentError(field: "a", "bad")
    argument.didYouMean = "b"
    argument.expected = "ckType"
    let reply = PermissionsErrorMapping.flutterError(argument as any Error)
    #expect(reply.code == "INVALID_ARGUMENTS")
    #expect(reply.message == "bad")
    // {"field": "a", "didYouMean": "b", "expected": "ckType"}
    #expect(
      StandardMessageCodec().encode(reply.details)
        == [
          0x0d, 0x03, 0x07, 0x05, 0x66, 0x69, 0x65, 0x6c, 0x64, 0x07, 0x01, 0x61, 0x07, 0x0a, 0x64,
          0x69, 0x64, 0x59, 0x6f, 0x75, 0x4d, 0x65, 0x61, 0x6e, 0x07, 0x01, 0x62, 0x07, 0x08, 0x65,
          0x78, 0x70, 0x65, 0x63, 0x74, 0x65, 0x64, 0x07, 0x06, 0x63, 0x6b, 0x54, 0x79, 0x70, 0x65,
        ])
    let store = HealthError.invalidArgument(field: "a", "bad")
      .named(field: "a", didYouMean: "b", expected: "ckType")
    #expect(PermissionsErrorMapping.flutterError(store) == reply)
    #expect(
      PermissionsErrorMapping.flutterError(ArgumentError(field: "x", "y")).details == ["field": "x"]
    )
  }

  /// Bytes that are not a method call are the channel layer's failure, never the store's: no
  /// store kind is spelt `MALFORMED_MESSAGE`, and a fault cannot carry it.
  @Test func malformedMessageIsTheChannelsNotTheStores() {
    #expect(!HealthErrorCode.allCases.map(\.wireCode).contains("MALFORMED_MESSAGE"))
    #expect(!HealthErrorCode.allCases.map { "\($0)" }.contains("malformedMessage"))
    #expect(ControlMethods.faultCodes == HealthErrorCode.allCases)
  }
}
