import HealthStore
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
      HealthError(.notFound, "gone", field: "uuids[0]"))
    #expect(error.code == "NOT_FOUND")
  }

  /// Bytes that are not a method call are the channel layer's failure, never the store's: no
  /// store kind is spelt `MALFORMED_MESSAGE`, and a fault cannot carry it.
  @Test func malformedMessageIsTheChannelsNotTheStores() {
    #expect(!HealthErrorCode.allCases.map(\.wireCode).contains("MALFORMED_MESSAGE"))
    #expect(!HealthErrorCode.allCases.map { "\($0)" }.contains("malformedMessage"))
    #expect(ControlMethods.faultCodes == HealthErrorCode.allCases)
  }
}
