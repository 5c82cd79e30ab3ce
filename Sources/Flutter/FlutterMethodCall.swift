import Foundation

/// A method call: the method's name and its arguments (any value the codec supports, or `nil`).
open class FlutterMethodCall: NSObject, @unchecked Sendable {
  public let method: String
  public let arguments: Any?

  /// `FlutterMethodCall(methodName:arguments:)`, as Swift sees iOS's
  /// `+methodCallWithMethodName:arguments:`.
  public init(methodName method: String, arguments: Any?) {
    self.method = method
    self.arguments = arguments
    super.init()
  }

  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? FlutterMethodCall else { return false }
    return method == other.method && FlutterValueEquality.equal(arguments, other.arguments)
  }

  open override var hash: Int { method.hashValue }

  open override var description: String {
    "FlutterMethodCall(method: \(method), arguments: \(arguments.map { "\($0)" } ?? "nil"))"
  }
}
