import FlutterCodec
import PluginHost

/// What `hkbridge serve` was asked for (protocol/cli.md).
public struct ServeOptions: Sendable {
  public var pluginChannels: [String]
  public var device: String
  public var osVersion: String
  public var recordPath: String?
  public var scenarioPath: String?
  public var maxFrame: Int
  public var logLevel: LogLevel
  /// The version announced in HELLO (`HKBridge.version`).
  public var emulatorVersion: String
  /// The plugin profiles served (`--profile`; default `healthkit_permissions`).
  public var profiles: [String] = [Emulator.defaultProfile]
  /// `--custom-channel`: channels the user declared (protocol/custom-channels.md).
  public var customChannels: [String] = []
  /// `--jsonl`: one typed-JSON call a line instead of frames (protocol/text-mode.md).
  public var jsonl = false
  /// `--playback FILE…`: answer from these recordings (protocol/playback.md).
  public var playbackPaths: [String] = []
  /// `--record-mode`: what a call no recording answers gets.
  public var playbackMode: PlaybackRecordMode = .once
  /// `--bundle-id`/`--app-name`: the emulated app (applied with control `configure`).
  public var bundleId: String?
  public var appName: String?
  /// What the command line set explicitly (`--channel`, `--profile`, `--device`, `--os`,
  /// `--bundle-id`, `--app-name`); with `--playback`, the first header supplies the rest.
  public var given = ReplaySetup()
  /// `--reply-timeout`: how long a native plugin's reply may take before a diagnostic names
  /// the call (protocol/native.md), in ms.
  public var replyTimeoutMs = ExchangeStep.defaultReplyTimeoutMs

  public init(
    pluginChannels: [String] = [Emulator.defaultPluginChannel],
    device: String = Emulator.defaultDevice, osVersion: String = Emulator.defaultOSVersion,
    recordPath: String? = nil, scenarioPath: String? = nil,
    maxFrame: Int = FrameLayout.defaultMaxFrame, logLevel: LogLevel = .warning,
    emulatorVersion: String
  ) {
    self.pluginChannels = pluginChannels
    self.device = device
    self.osVersion = osVersion
    self.recordPath = recordPath
    self.scenarioPath = scenarioPath
    self.maxFrame = maxFrame
    self.logLevel = logLevel
    self.emulatorVersion = emulatorVersion
  }
}

extension ServeOptions {
  /// With `--playback`: the header's setup where the command line gave none
  /// (protocol/playback.md, "Setup from the header").
  mutating func complete(by header: TranscriptHeader?) {
    guard let header else { return }
    let used = given.completed(by: header)
    if given.profiles == nil, let profiles = used.profiles { self.profiles = profiles }
    if given.channels == nil, let channels = used.channels { pluginChannels = channels }
    if given.device == nil, let device = used.device { self.device = device }
    if given.osVersion == nil, let osVersion = used.osVersion { self.osVersion = osVersion }
    if given.customChannels == nil, let custom = used.customChannels { customChannels = custom }
    bundleId = used.bundleId
    appName = used.appName
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
    header.customChannels = customChannels.isEmpty ? nil : customChannels
    return header
  }
}
