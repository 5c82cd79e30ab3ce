/// The frame protocol's version: HELLO's `protocol` entry. It changes only when frames, kinds or
/// HELLO change in a way an older client cannot read (protocol/frames.md, protocol/release.md).
public enum ProtocolVersion {
  public static let current: Int32 = 1
}
