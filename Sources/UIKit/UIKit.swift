import Foundation

/// UIKit's `UIApplication`, as far as a health plugin uses it: the settings URL, opening a URL
/// (recorded, never opened), the app's lifecycle notification names.
open class UIApplication: NSObject, @unchecked Sendable {
  public static let shared = UIApplication()
  public static let openSettingsURLString = "app-settings:"
  public static let didEnterBackgroundNotification = Notification.Name(
    "UIApplicationDidEnterBackgroundNotification")
  public static let willEnterForegroundNotification = Notification.Name(
    "UIApplicationWillEnterForegroundNotification")
  public static let willTerminateNotification = Notification.Name(
    "UIApplicationWillTerminateNotification")
  public static let didBecomeActiveNotification = Notification.Name(
    "UIApplicationDidBecomeActiveNotification")
  public static let willResignActiveNotification = Notification.Name(
    "UIApplicationWillResignActiveNotification")

  /// The URLs `open` was asked for, in order.
  public private(set) var openedURLs: [URL] = []
  private let lock = NSLock()

  public struct OpenExternalURLOptionsKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
  }

  /// Whether a URL can be opened: the settings URL and web URLs.
  public func canOpenURL(_ url: URL) -> Bool { true }

  /// Records the URL and answers true on the main queue's behalf.
  public func open(
    _ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
    completionHandler completion: (@Sendable (Bool) -> Void)? = nil
  ) {
    record(url)
    if let completion { DispatchQueue.global().async { completion(true) } }
  }

  public func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:]) async -> Bool {
    record(url)
    return true
  }

  private func record(_ url: URL) {
    lock.lock()
    openedURLs.append(url)
    lock.unlock()
  }
}

/// UIKit's `UIDevice`: the emulated device's system (the host sets it).
open class UIDevice: NSObject, @unchecked Sendable {
  public static let current = UIDevice()
  private let lock = NSLock()
  nonisolated(unsafe) private var system = (name: "iOS", version: "17.5", model: "iPhone")

  public var systemName: String { lock.withLock { system.name } }
  public var systemVersion: String { lock.withLock { system.version } }
  public var model: String { lock.withLock { system.model } }
  public var name: String { model }
  public var localizedModel: String { model }

  /// Sets what the device reports (the native host mirrors its emulated device here).
  public func configure(systemName: String, systemVersion: String, model: String) {
    lock.withLock { system = (systemName, systemVersion, model) }
  }
}
