import FlutterCodec
import HealthStore

/// `writeRecords(records)` → `WriteResultMessage` (tag 130): ConnectKit's best-effort write.
/// Each record is decoded on its own (a bad one becomes a `DecodeError` failure at its index);
/// the decoded ones are saved in one batch, which HealthKit saves whole or not at all (a refused
/// batch is one `HealthConnectInsert` failure at index path `[-1]`).
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
  static func write(_ arguments: ConnectKitArguments, _ context: ProfileContext)
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
    var decoded: [(index: Int, outcome: Result<PreparedRecord, HealthError>)] = []
    for (index, map) in records.enumerated() {
      do throws(ConnectKitRecordMap.Problem) {
        let input = try ConnectKitRecordMap.decode(map, os: store.osVersion)
        do throws(HealthError) {
          decoded.append((index, .success(try store.prepareRecord(input, mode: .app))))
        } catch  where isSaveError(error) {
          decoded.append((index, .failure(error)))
        } catch {
          throw ConnectKitRecordMap.Problem(
            kind: ConnectKitRecordMap.dataKind, field: error.field, message: error.message)
        }
      } catch {
        failures.append(Failure(indexPath: [index], message: error.text, type: "DecodeError"))
      }
    }
    var persisted: [String] = []
    if !decoded.isEmpty {
      if let refusal = saveRefusal(decoded.map(\.outcome), store: store) {
        failures.append(
          Failure(
            indexPath: [-1], message: "HealthKit failed to save records: \(refusal.message)",
            type: "HealthConnectInsert"))
      } else {
        for case (_, .success(let prepared)) in decoded {
          persisted.append(store.commitRecord(prepared, source: store.appSource).uuid.uppercased())
        }
      }
    }
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
