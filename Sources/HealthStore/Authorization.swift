/// HealthKit's `HKAuthorizationStatus`: whether the app may SHARE (write) a type. The app may ask
/// for it (`authorizationStatus(for:)`).
public enum ShareStatus: String, Sendable, CaseIterable, Hashable {
  case notDetermined
  case sharingDenied
  case sharingAuthorized
}

/// The user's answer about READING a type. HealthKit never tells the app (privacy): a denied read
/// looks like an empty store.
public enum ReadDecision: String, Sendable, CaseIterable, Hashable {
  case notDetermined
  case granted
  case denied
}

/// The authorization of one type. Characteristics only ever have a read decision.
public struct TypeAuthorization: Sendable, Hashable {
  public var share: ShareStatus
  public var read: ReadDecision

  public init(share: ShareStatus = .notDetermined, read: ReadDecision = .notDetermined) {
    self.share = share
    self.read = read
  }

  /// Both not determined: the same as no entry.
  public var isUndetermined: Bool { share == .notDetermined && read == .notDetermined }
}

/// HealthKit's `HKAuthorizationRequestStatus`.
public enum RequestStatus: String, Sendable, Hashable {
  /// A request for these types would show a prompt.
  case shouldRequest
  /// Every type has been decided: a request would show nothing.
  case unnecessary
}

/// How the simulated user answers a permission prompt.
public enum PromptAnswer: String, Sendable, CaseIterable, Hashable {
  case grant
  case deny
}

/// The simulated user's policy: one answer for reading, one for sharing, and per-identifier
/// overrides (raw HealthKit identifiers). Default: grant everything.
public struct PromptPolicy: Sendable, Hashable {
  /// The answers for one identifier; `nil` falls back to the policy's general answer.
  public struct Override: Sendable, Hashable {
    public var read: PromptAnswer?
    public var write: PromptAnswer?

    public init(read: PromptAnswer? = nil, write: PromptAnswer? = nil) {
      self.read = read
      self.write = write
    }
  }

  public var read: PromptAnswer
  public var write: PromptAnswer
  public var overrides: [String: Override]

  public init(
    read: PromptAnswer = .grant, write: PromptAnswer = .grant, overrides: [String: Override] = [:]
  ) {
    self.read = read
    self.write = write
    self.overrides = overrides
  }

  public func readAnswer(for identifier: String) -> PromptAnswer {
    overrides[identifier]?.read ?? read
  }

  public func writeAnswer(for identifier: String) -> PromptAnswer {
    overrides[identifier]?.write ?? write
  }
}
