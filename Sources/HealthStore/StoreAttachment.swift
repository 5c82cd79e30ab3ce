/// State that a layer above the store keeps about the store's objects where HealthKit has no
/// place for it (a translation layer's own names for samples, say). The store holds one
/// instance per type, made on first use, and drops it on `reset()` together with the objects it
/// describes; it never reads it. Entries should name objects by uuid and change-log anchor, so
/// that a deleted object's entry never matches again.
public protocol StoreAttachment: AnyObject {
  init()
}

extension HealthStore {
  /// This store's attachment of type `type`, made on first use.
  public func attachment<Attachment: StoreAttachment>(_ type: Attachment.Type) -> Attachment {
    if let existing = existingAttachment(type) { return existing }
    let made = Attachment()
    attachments[ObjectIdentifier(type)] = made
    return made
  }

  /// This store's attachment of type `type`, if one was made since the last reset.
  public func existingAttachment<Attachment: StoreAttachment>(_ type: Attachment.Type)
    -> Attachment?
  {
    attachments[ObjectIdentifier(type)] as? Attachment
  }
}
