import Testing

@testable import HealthStore

/// Attachments: state a layer above keeps per store, one per type, dropped by `reset()`.
@Suite struct StoreAttachmentTests {
  final class Notes: StoreAttachment {
    var lines: [String] = []
    init() {}
  }

  final class Other: StoreAttachment {
    var count = 0
    init() {}
  }

  @Test func oneAttachmentPerTypeMadeOnFirstUse() {
    let store = HealthStore()
    #expect(store.existingAttachment(Notes.self) == nil)
    store.attachment(Notes.self).lines.append("a")
    store.attachment(Notes.self).lines.append("b")
    store.attachment(Other.self).count = 3
    #expect(store.existingAttachment(Notes.self)?.lines == ["a", "b"])
    #expect(store.existingAttachment(Other.self)?.count == 3)
  }

  @Test func storesKeepTheirOwnAttachments() {
    let one = HealthStore()
    let two = HealthStore()
    one.attachment(Notes.self).lines = ["one"]
    #expect(two.existingAttachment(Notes.self) == nil)
    #expect(two.attachment(Notes.self).lines.isEmpty)
  }

  @Test func aResetDropsEveryAttachment() {
    let store = HealthStore()
    store.attachment(Notes.self).lines = ["before"]
    store.reset()
    #expect(store.existingAttachment(Notes.self) == nil)
    #expect(store.attachment(Notes.self).lines.isEmpty)
  }
}
