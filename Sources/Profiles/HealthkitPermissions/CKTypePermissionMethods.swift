import CKTypeRecords
import FlutterCodec
import HealthKitModel
import HealthStore
import PluginHost

/// `requestPermissions` and `checkPermissions`: permissions by CKType (seed 000), with no
/// fallbacks. Every type is validated before anything is asked (all or nothing); a composite
/// stands for its members (`bloodPressure` → systolic + diastolic, `nutrition` → every nutrient
/// iOS has, `sleepSession` → sleep analysis, `workout` → the workout type).
enum CKTypePermissionMethods {
  static let table: MethodTable = [
    "requestPermissions": .healthKit(takes: ["read", "write"], requestPermissions),
    "checkPermissions": .healthKit(takes: ["types"], checkPermissions),
  ]

  /// The order in which the refusal stages are checked (protocol/errors.md#which-check-fails-first): the earliest failing stage
  /// gives the error's code.
  static let stageOrder: [HealthErrorCode] = [
    .unsupportedType, .typeUnavailableOnOS, .readOnlyType,
  ]

  // MARK: requestPermissions

  /// `{read: [CKType], write: [CKType]}` → `true` once the request completed.
  @Sendable
  static func requestPermissions(_ context: MethodContext) throws -> MethodOperation {
    let args = context.arguments
    let readTypes = try args.stringList("read")
    let writeTypes = try args.stringList("write")
    let os = context.store.osVersion
    var problems: [TypeProblem] = []
    var read = NewIdentifiers()
    var share = NewIdentifiers()
    for ckType in readTypes {
      switch resolve(ckType, os: os) {
      case .success(let identifiers): read.append(identifiers)
      case .failure(let problem): appendNew(problem, to: &problems)
      }
    }
    for ckType in writeTypes {
      switch resolve(ckType, os: os) {
      case .success(let identifiers):
        if let problem = shareProblem(ckType, identifiers) {
          appendNew(problem, to: &problems)
        } else {
          share.append(identifiers)
        }
      case .failure(let problem): appendNew(problem, to: &problems)
      }
    }
    try requireNoProblems(problems, method: context.method, store: context.store, requesting: true)
    return PermissionBridgeMethods.request(context.store, share: share.list, read: read.list)
  }

  // MARK: checkPermissions

  /// `{types: [CKType]}` → `{ckType: {"read", "write"}}` in request order.
  @Sendable
  static func checkPermissions(_ context: MethodContext) throws -> MethodOperation {
    let types = try context.arguments.stringList("types")
    let os = context.store.osVersion
    var problems: [TypeProblem] = []
    var resolved: [(String, [String])] = []
    for ckType in types where !resolved.contains(where: { $0.0 == ckType }) {
      switch resolve(ckType, os: os) {
      case .success(let identifiers): resolved.append((ckType, identifiers))
      case .failure(let problem): appendNew(problem, to: &problems)
      }
    }
    try requireNoProblems(
      problems, method: context.method, store: context.store, requesting: false)
    let store = context.store
    return {
      .object(
        resolved.map { ckType, identifiers in
          (
            ckType,
            .object([
              ("read", .string(readStatus(identifiers, store: store))),
              ("write", .string(writeStatus(identifiers, store: store))),
            ])
          )
        })
    }
  }

  /// `notDetermined` until reading was requested for every member, then `unknown` (HealthKit
  /// never reveals the answer).
  static func readStatus(_ identifiers: [String], store: HealthStore) -> String {
    identifiers.contains { store.authorization(for: $0).read == .notDetermined }
      ? "notDetermined" : "unknown"
  }

  /// `notWritable` for a type apps cannot share; else `denied` when any member is denied,
  /// `granted` when every member is authorized, otherwise `notDetermined`.
  static func writeStatus(_ identifiers: [String], store: HealthStore) -> String {
    if identifiers.contains(where: { Catalogue.shareRefusal($0) != nil }) { return "notWritable" }
    let statuses = identifiers.map { store.authorization(for: $0).share }
    if statuses.contains(.sharingDenied) { return "denied" }
    if !statuses.isEmpty && statuses.allSatisfy({ $0 == .sharingAuthorized }) { return "granted" }
    return "notDetermined"
  }

  // MARK: Validation

  /// The HealthKit identifiers a CKType stands for on `os`, or why it has none.
  static func resolve(_ ckType: String, os: OSVersion) -> Result<[String], TypeProblem> {
    do {
      let identifiers = try RecordTypeMapper.permissionIdentifiers(for: ckType, os: os)
      guard !identifiers.isEmpty else {
        return .failure(
          TypeProblem(
            type: ckType, code: .unsupportedType, reason: .refused(.noEquivalent),
            message: "'\(ckType)' has no member type on iOS \(os)"))
      }
      return .success(identifiers)
    } catch {
      return .failure(TypeProblem(error))
    }
  }

  /// Why a CKType cannot be shared, or nil.
  static func shareProblem(_ ckType: String, _ identifiers: [String]) -> TypeProblem? {
    for identifier in identifiers {
      guard let reason = Catalogue.shareRefusal(identifier) else { continue }
      return TypeProblem(
        type: ckType, code: .readOnlyType, reason: .refused(reason),
        message: "'\(ckType)' cannot be requested for writing: "
          + HealthStore.readOnlyExplanation(reason) + "; request it in read only")
    }
    return nil
  }

  /// All or nothing: one error for every refused type. Its code is the earliest failing stage's;
  /// its type, reason (with the versions of a type too new) and spelling hints are those of the
  /// first type refused at that stage; `details.types` lists every refused type.
  static func requireNoProblems(
    _ problems: [TypeProblem], method: String, store: HealthStore, requesting: Bool
  ) throws(HealthError) {
    guard
      let code = stageOrder.first(where: { code in problems.contains { $0.code == code } }),
      let first = problems.first(where: { $0.code == code })
    else { return }
    let count = problems.count == 1 ? "1 type was" : "\(problems.count) types were"
    let before = requesting ? "asking for any" : "answering"
    let outcome = requesting ? " (nothing was requested)" : ""
    throw HealthError(
      code,
      "\(method) checks every type before \(before), and \(count) refused\(outcome): "
        + problems.map(\.message).joined(separator: "; "),
      type: first.type, reason: .refusedTypes(first: first.reason, problems),
      raisesException: code == .readOnlyType, naming: first.naming)
  }

  /// Identifiers in the order first given, each once (a request for every type names hundreds,
  /// so a set says which are there).
  struct NewIdentifiers {
    private(set) var list: [String] = []
    private var seen: Set<String> = []

    mutating func append(_ identifiers: [String]) {
      for identifier in identifiers where seen.insert(identifier).inserted {
        list.append(identifier)
      }
    }
  }

  static func appendNew(_ problem: TypeProblem, to list: inout [TypeProblem]) {
    if !list.contains(where: { $0.type == problem.type && $0.code == problem.code }) {
      list.append(problem)
    }
  }
}
