import ChannelJSON
import FlutterCodec

/// The optional first line `{"hkbridge": {...}}` (protocol/transcripts.md, "Transcript header"): how
/// a transcript was made, so that replay sets the emulator up the same way. Every field is
/// optional.
public struct TranscriptHeader: Sendable, Hashable {
  /// The hkbridge (or recorder) version that wrote it; informational.
  public var version: String?
  /// The plugin method channels served (the default profile's channel names).
  public var channels: [String]?
  /// The plugin profiles served, when not only the default one.
  public var profiles: [String]?
  /// `iPhone` or `iPad`.
  public var device: String?
  public var osVersion: String?
  /// The app that was recorded: replay and playback make the emulated app that app.
  public var bundleId: String?
  /// The app's display name (protocol/transcripts.md, "App identity").
  public var appName: String?
  /// Matchers for every exchange of the file (an exchange's own `match` wins where both fit).
  public var matchers: ValueMatchers?

  public init(
    version: String? = nil, channels: [String]? = nil, device: String? = nil,
    osVersion: String? = nil, bundleId: String? = nil, matchers: ValueMatchers? = nil,
    profiles: [String]? = nil
  ) {
    self.version = version
    self.channels = channels
    self.profiles = profiles
    self.device = device
    self.osVersion = osVersion
    self.bundleId = bundleId
    self.matchers = matchers
  }

  static let keys = [
    "version", "channels", "profiles", "device", "osVersion", "bundleId", "appName", "match",
  ]

  /// Reads the object under `"hkbridge"`.
  static func parse(_ value: ChannelValue) -> Result<TranscriptHeader, MatcherError> {
    guard case .map(let entries) = value else {
      return .failure(MatcherError("\"hkbridge\" must be an object, not \(value.typeName)"))
    }
    var header = TranscriptHeader()
    for entry in entries {
      guard case .string(let key) = entry.key, keys.contains(key) else {
        return .failure(
          MatcherError(
            "unknown key \(ChannelJSON.print(entry.key)) in \"hkbridge\": expected "
              + keys.joined(separator: ", ")))
      }
      if key == "match" {
        switch ValueMatchers.parse(entry.value) {
        case .success(let m): header.matchers = m
        case .failure(let e): return .failure(e)
        }
        continue
      }
      if key == "channels" {
        guard case .list(let items) = entry.value, !items.isEmpty else {
          return .failure(MatcherError("\"hkbridge\".\"channels\" must be a non-empty list"))
        }
        var names: [String] = []
        for item in items {
          guard case .string(let name) = item, !name.isEmpty,
            name.utf8.count <= Int(UInt16.max), name != Emulator.controlChannel
          else {
            return .failure(
              MatcherError(
                "\"hkbridge\".\"channels\" holds plugin channel names (non-empty strings, not "
                  + "the control channel)"))
          }
          names.append(name)
        }
        header.channels = names
        continue
      }
      if key == "profiles" {
        guard case .list(let items) = entry.value, !items.isEmpty,
          case let names = items.compactMap(\.stringValue), names.count == items.count
        else {
          return .failure(
            MatcherError("\"hkbridge\".\"profiles\" must be a non-empty list of profile names"))
        }
        if let problem = Emulator.profileProblem(names) {
          return .failure(MatcherError("\"hkbridge\".\"profiles\": \(problem)"))
        }
        header.profiles = names
        continue
      }
      var scalar = entry.value
      // A version may be written as a number (1, 1.2); it is informational.
      if key == "version", DartEquality.number(scalar) != nil {
        scalar = .string(ChannelJSON.print(scalar))
      }
      guard case .string(let text) = scalar else {
        return .failure(
          MatcherError("\"hkbridge\".\"\(key)\" must be a string, not \(entry.value.typeName)"))
      }
      switch key {
      case "version": header.version = text
      case "device": header.device = text
      case "osVersion": header.osVersion = text
      case "appName":
        guard !text.isEmpty else {
          return .failure(MatcherError("\"hkbridge\".\"appName\" must be a non-empty name"))
        }
        header.appName = text
      default:
        guard !text.isEmpty, !text.contains(where: \.isWhitespace) else {
          return .failure(
            MatcherError(
              "\"hkbridge\".\"bundleId\" must be a non-empty identifier without spaces, like "
                + "\"com.example.app\""))
        }
        header.bundleId = text
      }
    }
    return .success(header)
  }

  /// The line's typed-JSON value, keys in the documented order.
  public var channelValue: ChannelValue {
    var fields: [(String, ChannelValue)] = []
    if let version { fields.append(("version", .string(version))) }
    if let channels { fields.append(("channels", .list(channels.map(ChannelValue.string)))) }
    if let profiles { fields.append(("profiles", .list(profiles.map(ChannelValue.string)))) }
    if let device { fields.append(("device", .string(device))) }
    if let osVersion { fields.append(("osVersion", .string(osVersion))) }
    if let bundleId { fields.append(("bundleId", .string(bundleId))) }
    if let appName { fields.append(("appName", .string(appName))) }
    if let matchers { fields.append(("match", matchers.channelValue)) }
    return .object([("hkbridge", .object(fields))])
  }
}

/// How replay sets up the emulator for one file: the command line's `--channel`/`--device`/`--os`/
/// `--profile` first, then the transcript's header, then the defaults (protocol/transcripts.md, "Replay").
public struct ReplaySetup: Sendable, Hashable {
  public var channels: [String]?
  public var device: String?
  public var osVersion: String?
  public var profiles: [String]?
  /// The app's identity, applied with the control channel's `configure`.
  public var bundleId: String?
  public var appName: String?

  public init(
    channels: [String]? = nil, device: String? = nil, osVersion: String? = nil,
    profiles: [String]? = nil, bundleId: String? = nil, appName: String? = nil
  ) {
    self.channels = channels
    self.device = device
    self.osVersion = osVersion
    self.profiles = profiles
    self.bundleId = bundleId
    self.appName = appName
  }

  /// This setup with the header's values where this one has none.
  public func completed(by header: TranscriptHeader?) -> ReplaySetup {
    ReplaySetup(
      channels: channels ?? header?.channels, device: device ?? header?.device,
      osVersion: osVersion ?? header?.osVersion, profiles: profiles ?? header?.profiles,
      bundleId: bundleId ?? header?.bundleId, appName: appName ?? header?.appName)
  }
}

extension ServeOptions {
  /// The header `serve --record` writes first: the version, channels, device and OS served;
  /// the profiles only when they are not just the default one, and the channels only when the
  /// default profile (whose channel names they are) is served.
  public var recordHeader: TranscriptHeader {
    let onlyDefault = profiles == [Emulator.defaultProfile]
    var header = TranscriptHeader(
      version: emulatorVersion,
      channels: profiles.contains(Emulator.defaultProfile) ? pluginChannels : nil,
      device: device, osVersion: osVersion, bundleId: bundleId,
      profiles: onlyDefault ? nil : profiles)
    header.appName = appName
    return header
  }
}
