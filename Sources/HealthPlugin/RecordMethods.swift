import FlutterCodec
import HealthStore

/// The record methods (writeRecord, writeRecords, readRecords, deleteRecords, startWorkout,
/// endWorkout, discardWorkout) and the control channel's addSamples. Filled by the records work.
enum RecordMethods {
  /// Methods of the plugin channel.
  static let pluginTable: MethodTable = [:]
  /// Methods of the control channel.
  static let controlTable: MethodTable = [:]

  /// The snapshot's `samples` value.
  static func snapshotSamples(_ store: HealthStore) -> ChannelValue { .list([]) }

  /// The snapshot's `workoutsInProgress` value.
  static func snapshotWorkoutsInProgress(_ store: HealthStore) -> ChannelValue { .list([]) }
}
