import Foundation

/// The iOS side of a Flutter plugin.
///
/// On iOS every method but `register(with:)` is an optional Objective-C requirement; here each one
/// is a requirement with a default implementation, so a plugin class's own method is the one
/// called through the protocol, and a plugin that does not declare it still conforms. The
/// `UIApplicationDelegate` callbacks are not declared (there is no UIKit on Linux).
public protocol FlutterPlugin: NSObjectProtocol {
  /// Registers the plugin: makes its channels with `registrar.messenger()`.
  static func register(with registrar: FlutterPluginRegistrar)

  /// Handles a call on a channel the plugin was added to with `addMethodCallDelegate(_:channel:)`.
  func handle(_ call: FlutterMethodCall, result: @escaping FlutterResult)

  /// The engine is going away (only for a plugin that was `publish`ed).
  func detachFromEngine(for registrar: FlutterPluginRegistrar)
}

extension FlutterPlugin {
  /// A plugin without `handle` answers every call as not implemented (iOS would raise
  /// "unrecognized selector").
  public func handle(_ call: FlutterMethodCall, result: @escaping FlutterResult) {
    result(FlutterMethodNotImplemented)
  }

  public func detachFromEngine(for registrar: FlutterPluginRegistrar) {}
}

/// How a platform view's gesture recognizers are blocked (a C enum on iOS: a struct with one
/// global constant per case).
public struct FlutterPlatformViewGestureRecognizersBlockingPolicy: RawRepresentable, Equatable,
  Hashable, Sendable
{
  public var rawValue: UInt32
  public init(_ rawValue: UInt32) { self.rawValue = rawValue }
  public init(rawValue: UInt32) { self.rawValue = rawValue }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
public let FlutterPlatformViewGestureRecognizersBlockingPolicyEager =
  FlutterPlatformViewGestureRecognizersBlockingPolicy(0)
// swift-format-ignore: AlwaysUseLowerCamelCase
public let FlutterPlatformViewGestureRecognizersBlockingPolicyWaitUntilTouchesEnded =
  FlutterPlatformViewGestureRecognizersBlockingPolicy(1)
// swift-format-ignore: AlwaysUseLowerCamelCase
public let FlutterPlatformViewGestureRecognizersBlockingPolicyDoNotBlockGesture =
  FlutterPlatformViewGestureRecognizersBlockingPolicy(2)

/// A factory of platform views. Declared so that a registrar can take one; views themselves need
/// UIKit and are not available.
public protocol FlutterPlatformViewFactory: NSObjectProtocol {
  /// The codec of the creation arguments (optional on iOS).
  func createArgsCodec() -> FlutterMessageCodec & NSObjectProtocol
}

extension FlutterPlatformViewFactory {
  public func createArgsCodec() -> FlutterMessageCodec & NSObjectProtocol {
    FlutterStandardMessageCodec.sharedInstance()
  }
}

/// A texture. Its pixel buffers need CoreVideo, which Linux lacks: no requirement is declared.
public protocol FlutterTexture: NSObjectProtocol {}

/// Registers textures; ids are handed out, frames go nowhere.
public protocol FlutterTextureRegistry: NSObjectProtocol {
  func register(_ texture: FlutterTexture) -> Int64
  func textureFrameAvailable(_ textureId: Int64)
  func unregisterTexture(_ textureId: Int64)
}

/// What a plugin registers with: its messenger, its method call delegates, its published value.
///
/// The host implements it. `addMethodCallDelegate(_:channel:)` has a default that does what
/// iOS's registrar does (the channel's handler calls the plugin's `handle`); the other defaults
/// are inert.
public protocol FlutterPluginRegistrar: NSObjectProtocol {
  func messenger() -> FlutterBinaryMessenger
  func textures() -> FlutterTextureRegistry
  func register(_ factory: FlutterPlatformViewFactory, withId factoryId: String)
  func register(
    _ factory: FlutterPlatformViewFactory, withId factoryId: String,
    gestureRecognizersBlockingPolicy: FlutterPlatformViewGestureRecognizersBlockingPolicy)
  func publish(_ value: NSObject)
  func addMethodCallDelegate(_ delegate: FlutterPlugin, channel: FlutterMethodChannel)
  func addApplicationDelegate(_ delegate: FlutterPlugin)
  func lookupKey(forAsset asset: String) -> String
  func lookupKey(forAsset asset: String, fromPackage package: String) -> String
  func valuePublished(byPlugin pluginKey: String) -> NSObject?
}

extension FlutterPluginRegistrar {
  public func textures() -> FlutterTextureRegistry { FlutterInertTextureRegistry() }

  public func register(_ factory: FlutterPlatformViewFactory, withId factoryId: String) {}

  public func register(
    _ factory: FlutterPlatformViewFactory, withId factoryId: String,
    gestureRecognizersBlockingPolicy: FlutterPlatformViewGestureRecognizersBlockingPolicy
  ) {
    register(factory, withId: factoryId)
  }

  public func addMethodCallDelegate(_ delegate: FlutterPlugin, channel: FlutterMethodChannel) {
    channel.setMethodCallHandler { call, result in delegate.handle(call, result: result) }
  }

  public func addApplicationDelegate(_ delegate: FlutterPlugin) {}

  /// The asset's path in the app bundle, as iOS names it.
  public func lookupKey(forAsset asset: String) -> String {
    "Frameworks/App.framework/flutter_assets/" + asset
  }

  public func lookupKey(forAsset asset: String, fromPackage package: String) -> String {
    lookupKey(forAsset: "packages/\(package)/\(asset)")
  }

  public func valuePublished(byPlugin pluginKey: String) -> NSObject? { nil }
}

/// Plugins by key: hands out registrars.
public protocol FlutterPluginRegistry: NSObjectProtocol {
  func registrar(forPlugin pluginKey: String) -> FlutterPluginRegistrar?
  func hasPlugin(_ pluginKey: String) -> Bool
  func valuePublished(byPlugin pluginKey: String) -> NSObject?
}

/// Registers every plugin of an app with a registry (the generated plugin registrant).
public protocol FlutterPluginRegistrant: NSObjectProtocol {
  func register(with registry: FlutterPluginRegistry)
}

/// A texture registry that counts ids and shows nothing.
final class FlutterInertTextureRegistry: NSObject, FlutterTextureRegistry, @unchecked Sendable {
  private let lock = NSLock()
  private var lastId: Int64 = 0

  func register(_ texture: FlutterTexture) -> Int64 {
    lock.lock()
    defer { lock.unlock() }
    lastId += 1
    return lastId
  }

  func textureFrameAvailable(_ textureId: Int64) {}
  func unregisterTexture(_ textureId: Int64) {}
}
