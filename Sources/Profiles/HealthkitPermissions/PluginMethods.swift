import PluginHost

/// Every method of the plugin channel, assembled from the per-topic tables.
enum PluginMethods {
  static let tables: [MethodTable] = [
    CoreMethods.table, PermissionMethods.table, PluginRecordMethods.pluginTable,
    BackgroundDeliveryMethods.table,
  ]
  static let table = MethodTable.merging(tables)
}
