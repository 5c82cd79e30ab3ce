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
  /// Channels the user declared (`serve --custom-channel`): any method name, answered by stubs
  /// and playback (protocol/custom-channels.md).
  public var customChannels: [String]?
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
    "version", "channels", "profiles", "customChannels", "device", "osVersion", "bundleId",
    "appName", "match",
  ]

  /// The most distinct channel names a header may list (protocol/transcripts.md); a name listed
  /// again is dropped, as is a profile named again.
  public static let maximumChannels = 1000

  /// `names` without repeats, first occurrences in order.
  static func distinct(_ names: [String]) -> [String] {
    var seen: Set<String> = []
    return names.filter { seen.insert($0).inserted }
  }

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
      if key == "channels" || key == "customChannels" {
        guard case .list(let items) = entry.value, !items.isEmpty else {
          return .failure(MatcherError("\"hkbridge\".\"\(key)\" must be a non-empty list"))
        }
        var names: [String] = []
        var seen: Set<String> = []
        for item in items {
          guard case .string(let name) = item, !name.isEmpty,
            name.utf8.count <= Int(UInt16.max), name != Emulator.controlChannel
          else {
            return .failure(
              MatcherError(
                "\"hkbridge\".\"\(key)\" holds plugin channel names (non-empty strings, not "
                  + "the control channel)"))
          }
          guard seen.insert(name).inserted else { continue }
          guard names.count < maximumChannels else {
            return .failure(
              MatcherError(
                "\"hkbridge\".\"channels\" lists more than \(maximumChannels) distinct channel "
                  + "names; list the plugin channels the transcript uses"))
          }
          names.append(name)
        }
        if key == "channels" { header.channels = names } else { header.customChannels = names }
        continue
      }
      if key == "profiles" {
        guard case .list(let items) = entry.value, !items.isEmpty,
          case let names = items.compactMap(\.stringValue), names.count == items.count
        else {
          return .failure(
            MatcherError("\"hkbridge\".\"profiles\" must be a non-empty list of profile names"))
        }
        let profiles = distinct(names)
        if let problem = Emulator.profileProblem(profiles) {
          return .failure(MatcherError("\"hkbridge\".\"profiles\": \(problem)"))
        }
        header.profiles = profiles
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
    if let customChannels {
      fields.append(("customChannels", .list(customChannels.map(ChannelValue.string))))
    }
    if let device { fields.append(("device", .string(device))) }
    if let osVersion { fields.append(("osVersion", .string(osVersion))) }
    if let bundleId { fields.append(("bundleId", .string(bundleId))) }
    if let appName { fields.append(("appName", .string(appName))) }
    if let matchers { fields.append(("match", matchers.channelValue)) }
    return .object([("hkbridge", .object(fields))])
  }
}
