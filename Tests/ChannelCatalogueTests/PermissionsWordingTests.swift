import HealthStore
import Testing

@testable import ChannelCatalogue

/// `healthkit_permissions` words the store's hints with its own methods and arguments.
@Suite struct PermissionsWordingTests {
  @Test func eachHintNamesThisPluginsMethods() {
    let wording = PermissionsWording.hint
    #expect(
      wording(.requestShareAuthorization) == " Request write permission first (requestPermissions)."
    )
    #expect(
      wording(.requestReadAuthorization) == " Request read permission first (requestPermissions).")
    #expect(
      wording(.requestCharacteristicAuthorization)
        == "; request it first (requestCharacteristicPermissions or requestPermissions).")
    #expect(wording(.deleteIsAllOrNothing) == " (deleteRecords is all or nothing).")
    #expect(wording(.useStartedSession) == "; use the sessionId that startWorkout returned.")
    #expect(wording(.characteristics(["A", "B"])) == "; readCharacteristic reads one of A, B")
  }

  @Test func theWireMessageIsTheSummaryAndTheWordedHint() {
    let error = HealthError(
      .notFound, "No sample has the uuid X; nothing was deleted", hint: .deleteIsAllOrNothing
    ).named(field: "uuids[0]")
    let reply = PermissionsErrorMapping.flutterError(error)
    #expect(reply.code == "NOT_FOUND")
    #expect(
      reply.message
        == "No sample has the uuid X; nothing was deleted (deleteRecords is all or nothing).")
  }
}
