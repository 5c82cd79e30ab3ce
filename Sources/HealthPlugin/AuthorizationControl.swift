/// Control methods that set the simulated user up: prompt policy, authorization, characteristics.
enum AuthorizationControl {
  static let table: MethodTable = [:]
}
