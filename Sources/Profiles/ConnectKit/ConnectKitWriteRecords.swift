import CKTypeRecords
import FlutterCodec
import HealthStore
import PluginHost

/// `writeRecords(records)` → `WriteResultMessage` (tag 130): ConnectKit's best-effort write.
/// Each record is decoded on its own (a bad one becomes a `DecodeError` failure at its index;
/// a bad stage, nutrient or workout sample a failure at `[index, sub-index]`); the decoded ones
/// are saved in one batch, which HealthKit saves whole or not at all (a refused batch is one
/// `HealthConnectInsert` failure at index path `[-1]`). A workout is saved while it is decoded
/// (ConnectKit's HKWorkoutBuilder), outside the batch. Each record's id is its first sample's
/// (the correlation's, the workout's), in record order.
enum ConnectKitWriteRecords {
  /// `WriteResultMessage.outcome` values.
  static let completeSuccess = "completeSuccess"
  static let partialSuccess = "partialSuccess"
  static let failure = "failure"

  /// One entry of `validationFailures`: `{indexPath, message, type}`.
  struct Failure {
    var indexPath: [Int]
    var message: String
    var type: String

    var value: ChannelValue {
      .object([
        ("indexPath", .list(indexPath.map { .int64(Int64($0)) })),
        ("message", .string(message)), ("type", .string(type)),
      ])
    }
  }

  @Sendable
  static func write(_ arguments: ConnectKitArguments, _ context: MethodContext)
    throws(ConnectKitError) -> ChannelValue
  {
    let records = try arguments.mapList(0)
    let store = context.store
    guard !records.isEmpty else {
      let empty = Failure(
        indexPath: [-1], message: "No records to write - empty input", type: "NoRecordError")
      return result(failure, persisted: .list([]), failures: [empty])
    }
    var failures: [Failure] = []
    var batch: [(index: Int, parts: [Result<PreparedRecord, HealthError>])] = []
    var ids: [Int: String] = [:]
    for (index, map) in records.enumerated() {
      do throws(ConnectKitRecordMap.Problem) {
        let decoded = try ConnectKitRecordMap.decodeRecord(map, store: store, warn: context.warn)
        for failure in decoded.failures {
          failures.append(
            Failure(
              indexPath: [index] + failure.indexPath, message: failure.message,
              type: failure.type))
        }
        if let id = decoded.savedId { ids[index] = id }
        if !decoded.parts.isEmpty { batch.append((index, decoded.parts)) }
      } catch {
        failures.append(Failure(indexPath: [index], message: error.text, type: "DecodeError"))
      }
    }
    if !batch.isEmpty {
      if let refusal = saveRefusal(batch.flatMap(\.parts), store: store) {
        failures.append(
          Failure(
            indexPath: [-1], message: "HealthKit failed to save records: \(refusal.connectKitText)",
            type: "HealthConnectInsert"))
      } else {
        for (index, parts) in batch {
          for case .success(let prepared) in parts {
            let uuid = RecordStore(store).commitRecord(
              ConnectKitMetadataKeys.withHealthKitKeys(prepared), source: store.appSource
            ).uuid.uppercased()
            if ids[index] == nil { ids[index] = uuid }
          }
        }
      }
    }
    let persisted = ids.keys.sorted().compactMap { ids[$0] }
    let outcome =
      persisted.isEmpty ? failure : failures.isEmpty ? completeSuccess : partialSuccess
    return result(
      outcome, persisted: persisted.isEmpty ? .null : .list(persisted.map { .string($0) }),
      failures: failures)
  }

  /// Errors HealthKit raises when saving (not when the host builds the sample).
  static func isSaveError(_ error: HealthError) -> Bool {
    error.code == .authorizationDenied || error.code == .authorizationNotDetermined
  }

  /// Why HealthKit refuses the whole batch: HealthKit unavailable, or the first record whose
  /// type this app may not write.
  static func saveRefusal(
    _ outcomes: [Result<PreparedRecord, HealthError>], store: HealthStore
  ) -> HealthError? {
    do {
      try store.requireAvailable()
    } catch {
      return error
    }
    for case .failure(let error) in outcomes { return error }
    return nil
  }

  /// `WriteResultMessage`: `[outcome, persistedRecordIds, validationFailures]`.
  static func result(_ outcome: String, persisted: ChannelValue, failures: [Failure])
    -> ChannelValue
  {
    let list: ChannelValue = failures.isEmpty ? .null : .list(failures.map(\.value))
    return ConnectKitProfile.tags.encode(
      "WriteResultMessage", fields: [.string(outcome), persisted, list]) ?? .null
  }
}
