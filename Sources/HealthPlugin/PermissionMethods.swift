/// The permission bridge (seed 002) and the CKType permission methods.
enum PermissionMethods {
  static let table: MethodTable = [:]
}
