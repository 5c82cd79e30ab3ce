import Foundation

/// An error result of a method call or an error event: `code`, `message`, `details`.
///
/// `FlutterError(code:message:details:)`, as Swift sees iOS's `+errorWithCode:message:details:`.
open class FlutterError: NSObject, @unchecked Sendable {
  public let code: String
  public let message: String?
  public let details: Any?

  public init(code: String, message: String?, details: Any?) {
    self.code = code
    self.message = message
    self.details = details
    super.init()
  }

  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? FlutterError else { return false }
    if other === self { return true }
    return code == other.code && message == other.message
      && FlutterValueEquality.equal(details, other.details)
  }

  open override var hash: Int {
    code.hashValue ^ (message?.hashValue ?? 0)
  }

  open override var description: String {
    "FlutterError(code: \(code), message: \(message ?? "nil"), details: \(details.map { "\($0)" } ?? "nil"))"
  }
}
