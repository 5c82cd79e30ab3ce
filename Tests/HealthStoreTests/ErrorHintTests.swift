import HealthKitModel
import StoreFixtures
import Testing

@testable import HealthStore

/// The store names no caller's method or argument: a next step that is a call of the caller's
/// API is a hint the caller words, and argument names come from the caller.
@Suite struct ErrorHintTests {
  @Test func anUndeterminedShareHintsAtAShareRequest() {
    let store = HealthStore()
    #expect {
      try store.checkSharing(
        [SharedType(name: "steps", identifier: ID.steps)], action: "saving the steps record")
    } throws: { error in
      let error = error as! HealthError
      return error.code == .authorizationNotDetermined && error.hkErrorCode == 5
        && error.hint == .requestShareAuthorization
        && error.summary
          == "This app has not asked to write steps (\(ID.steps)), so saving the steps record "
          + "failed."
        && error.text(HealthError.healthKitWording).hasSuffix(
          "failed. Request write permission first (requestAuthorization(toShare:read:)).")
    }
  }

  @Test func aDeniedShareHasNoHintOnlyTheUserCanChangeIt() {
    let store = HealthStore()
    store.setAuthorization(ID.steps, share: .sharingDenied, read: nil)
    #expect {
      try store.checkSharing([SharedType(name: "steps", identifier: ID.steps)], action: "x")
    } throws: { error in
      let error = error as! HealthError
      return error.code == .authorizationDenied && error.hint == nil
        && error.text { _ in "never used" } == error.summary
    }
  }

  @Test func aDeleteOfAnUnknownUUIDNamesTheCallersFieldAndHintsAllOrNothing() {
    let store = HealthStore.granting([ID.steps])
    let kept = store.steps(10, t0, t0 + minute)
    #expect {
      try store.prepareDelete([kept, "nope"], field: "ids") { $0.identifier }
    } throws: { error in
      let error = error as! HealthError
      return error.code == .notFound && error.field == "ids[1]"
        && error.hint == .deleteIsAllOrNothing
        && error.text { _ in " (all or nothing)." }
          == "No sample has the uuid nope; nothing was deleted (all or nothing)."
    }
  }

  @Test func anUnknownSessionNamesTheCallersFieldAndHintsAtTheStartedOne() {
    let store = HealthStore()
    #expect {
      try store.sessionInProgress("S1", field: "workoutId", action: "end")
    } throws: { error in
      let error = error as! HealthError
      return error.code == .notFound && error.field == "workoutId"
        && error.hint == .useStartedSession && error.summary == "There is no workout session S1"
    }
  }

  @Test func aClockMoveBackNamesTheCallersField() {
    let store = HealthStore()
    #expect {
      try store.advanceClock(by: -1, field: "by")
    } throws: { error in
      (error as! HealthError).field == "by"
    }
  }

  @Test func aReadOfANonCharacteristicHintsAtTheCharacteristics() {
    let store = HealthStore()
    #expect {
      _ = try store.characteristicType(ID.steps)
    } throws: { error in
      let error = error as! HealthError
      guard case .characteristics(let identifiers) = error.hint else { return false }
      return error.code == .unsupportedType
        && identifiers == Catalogue.identifiers(of: .characteristic)
        && identifiers.contains("HKCharacteristicTypeIdentifierBiologicalSex")
        && error.summary == "\(ID.steps) is a quantity type, not a characteristic"
    }
  }

  @Test func anUnaskedCharacteristicReadHintsAtARequest() {
    let store = HealthStore()
    let sex = "HKCharacteristicTypeIdentifierBiologicalSex"
    #expect {
      try store.requireReadDetermined(sex)
    } throws: { error in
      let error = error as! HealthError
      return error.hint == .requestCharacteristicAuthorization
        && error.text(HealthError.healthKitWording)
          == "Authorization to read \(sex) was never requested; request it first "
          + "(requestAuthorization(toShare:read:))."
    }
  }

  @Test func aCallerNamesItsOwnRequestMethod() {
    let wording = HealthError.wording(requestingWith: "askPlease")
    #expect(wording(.requestShareAuthorization) == " Request write permission first (askPlease).")
    #expect(wording(.requestReadAuthorization) == " Request read permission first (askPlease).")
    #expect(wording(.requestCharacteristicAuthorization) == "; request it first (askPlease).")
    #expect(wording(.useStartedSession) == HealthError.healthKitWording(.useStartedSession))
  }

  @Test func theDescriptionIsTheWholeTextInHealthKitsTerms() {
    let error = HealthError(.notFound, "There is no workout session S1", hint: .useStartedSession)
    #expect(
      error.description
        == "notFound: There is no workout session S1; use the id of a session that was started.")
  }
}
