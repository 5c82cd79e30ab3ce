import PluginHost

/// The permission methods of the plugin channel: the permission bridge (raw identifiers, seed
/// 002) and the CKType permissions (seed 000).
enum PermissionMethods {
  static let table = MethodTable.merging([
    PermissionBridgeMethods.table, CKTypePermissionMethods.table,
  ])
}
