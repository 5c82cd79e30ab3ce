// Typed helpers for the emulator's control channel `hkbridge/control` (../../protocol/channel-api.md).

import 'dart_equality.dart';
import 'invoke.dart';

/// The simulated device model.
enum HkDevice { iPhone, iPad }

/// How the simulated user answers a permission prompt.
enum HkPromptAnswer { grant, deny }

/// A type's share (write) status, as HealthKit reports it to the app.
enum HkShareStatus { notDetermined, sharingDenied, sharingAuthorized }

/// A type's read decision, which the app can never learn.
enum HkReadDecision { notDetermined, granted, denied }

/// One entry of [HkControl.setPromptPolicy]'s `overrides`.
class HkPromptOverride {
  const HkPromptOverride({this.read, this.write});
  final HkPromptAnswer? read;
  final HkPromptAnswer? write;

  Map<String, Object?> toArgs() => {
        if (read != null) 'read': read!.name,
        if (write != null) 'write': write!.name,
      };
}

/// The control channel: sets the emulator's state up from a test. Every method is a method call
/// on [channel]; an error envelope throws [HkPlatformException].
class HkControl {
  /// [send] is `HkBridge.send` (or any messenger's send that reaches the emulator).
  const HkControl(this._send);
  final HkSend _send;

  static const String channel = 'hkbridge/control';

  Future<Object?> _call(String method, [Object? arguments]) =>
      hkInvokeMethod(_send, channel, method, arguments);

  /// Back to the state `serve` started with: the device, iOS version and channels of its
  /// command line (`--device`, `--os`, ...; without them an iPhone on iOS 17.5), bundle id
  /// `com.example.app`, clock at 2024-01-01T00:00:00Z, uuid counter 0, grant-all prompts, empty
  /// store, an empty call log and no stubs or latencies (../../protocol/state.md).
  Future<void> reset() async {
    await _call('reset');
  }

  /// Changes the device; only the arguments given are sent. [now] sets the emulator's clock
  /// (sent as whole ms since the Unix epoch). [bundleId] and [appName] make the emulated app
  /// that app (the source of what it writes); `appName` needs an hkbridge that knows it.
  Future<void> configure({
    HkDevice? device,
    String? osVersion,
    bool? restricted,
    String? bundleId,
    String? appName,
    DateTime? now,
    int? uuidSeed,
  }) async {
    await _call('configure', <String, Object?>{
      if (device != null) 'device': device.name,
      if (osVersion != null) 'osVersion': osVersion,
      if (restricted != null) 'restricted': restricted,
      if (bundleId != null) 'bundleId': bundleId,
      if (appName != null) 'appName': appName,
      if (now != null) 'now': now.millisecondsSinceEpoch,
      if (uuidSeed != null) 'uuidSeed': uuidSeed,
    });
  }

  /// How the simulated user answers prompts; [overrides] by HealthKit identifier.
  Future<void> setPromptPolicy({
    HkPromptAnswer? read,
    HkPromptAnswer? write,
    Map<String, HkPromptOverride>? overrides,
  }) async {
    await _call('setPromptPolicy', <String, Object?>{
      if (read != null) 'read': read.name,
      if (write != null) 'write': write.name,
      if (overrides != null)
        'overrides': {for (final e in overrides.entries) e.key: e.value.toArgs()},
    });
  }

  /// Sets a type's authorization as if the user had decided in Settings
  /// (revoking = `share: HkShareStatus.sharingDenied`).
  Future<void> setAuthorization(String identifier,
      {HkShareStatus? share, HkReadDecision? read}) async {
    await _call('setAuthorization', <String, Object?>{
      'identifier': identifier,
      if (share != null) 'share': share.name,
      if (read != null) 'read': read.name,
    });
  }

  /// Sets a characteristic: [value] is HealthKit's raw Int, `{'year', 'month', 'day'}` for the
  /// date of birth, or null to clear it.
  Future<void> setCharacteristic(String identifier, Object? value) async {
    await _call('setCharacteristic', <String, Object?>{'identifier': identifier, 'value': value});
  }

  /// Adds samples written by another app or device (no authorization needed); returns their
  /// uuids in order. [records] are record maps as `writeRecord` takes them
  /// (../../protocol/records.md). The source is `{bundleId, name}`: give [sourceBundleId] whenever
  /// [sourceName] is given (hkbridge refuses a source without a bundle id).
  Future<List<String>> addSamples(List<Map<String, Object?>> records,
          {String? sourceBundleId, String? sourceName}) =>
      _addRecords('addSamples', records, sourceBundleId, sourceName);

  /// Adds electrocardiograms as an Apple Watch records them (`{start, end?, classification?,
  /// symptomsStatus?, averageHeartRate?, samplingFrequency?, microvolts?}`; the control channel's
  /// `addElectrocardiograms`, ../../protocol/channel-api.md); returns their uuids in order. The
  /// source defaults to the Health app's; give it as for [addSamples].
  Future<List<String>> addElectrocardiograms(List<Map<String, Object?>> records,
          {String? sourceBundleId, String? sourceName}) =>
      _addRecords('addElectrocardiograms', records, sourceBundleId, sourceName);

  /// Adds clinical records a health institution sent (`{type, start, end?, displayName,
  /// fhirResource?}`; the control channel's `addClinicalRecords`); returns their uuids in order.
  Future<List<String>> addClinicalRecords(List<Map<String, Object?>> records,
          {String? sourceBundleId, String? sourceName}) =>
      _addRecords('addClinicalRecords', records, sourceBundleId, sourceName);

  /// Adds the Apple Watch's daily activity summaries (`{year, month, day, activeEnergyBurned?,
  /// …}`; one per day, replacing that day's; the control channel's `addActivitySummaries`).
  Future<void> addActivitySummaries(List<Map<String, Object?>> summaries) async {
    await _call('addActivitySummaries', <String, Object?>{'summaries': summaries});
  }

  Future<List<String>> _addRecords(String method, List<Map<String, Object?>> records,
      String? sourceBundleId, String? sourceName) async {
    final result = await _call(method, <String, Object?>{
      'records': records,
      if (sourceBundleId != null || sourceName != null)
        'source': <String, Object?>{
          if (sourceBundleId != null) 'bundleId': sourceBundleId,
          if (sourceName != null) 'name': sourceName,
        },
    });
    final uuids = result is Map ? result['uuids'] : null;
    if (uuids is! List || !uuids.every((u) => u is String)) {
      throw FormatException('$method answered $result; expected {"uuids": [String, ...]}');
    }
    return List<String>.from(uuids);
  }

  /// Deletes samples of any source, as another app or the Health app would: the samples
  /// [uuids] names, or every sample of the source [source] (a bundle id); give exactly one.
  /// Returns the uuids deleted (a correlation's members with it), sorted. The streams of
  /// ../../protocol/events.md see each delete.
  Future<List<String>> deleteSamples({List<String>? uuids, String? source}) async {
    final result = await _call('deleteSamples', <String, Object?>{
      if (uuids != null) 'uuids': uuids,
      if (source != null) 'source': source,
    });
    final deleted = result is Map ? result['deleted'] : null;
    if (deleted is! List || !deleted.every((u) => u is String)) {
      throw FormatException('deleteSamples answered $result; expected {"deleted": [String, ...]}');
    }
    return List<String>.from(deleted);
  }

  /// Makes the next [count] (default 1) calls of [method] fail with [code].
  Future<void> injectFault(String method, String code,
      {int? hkErrorCode, String? message, int? count}) async {
    await _call('injectFault', <String, Object?>{
      'method': method,
      'code': code,
      if (hkErrorCode != null) 'hkErrorCode': hkErrorCode,
      if (message != null) 'message': message,
      if (count != null) 'count': count,
    });
  }

  /// Moves the emulator's clock forward by [by] (whole milliseconds); returns the new time
  /// (UTC). `advanceClock(Duration.zero)` reads the clock.
  Future<DateTime> advanceClock(Duration by) async {
    final result = await _call('advanceClock', <String, Object?>{'ms': by.inMilliseconds});
    final now = result is Map ? result['now'] : null;
    if (now is! int) {
      throw FormatException('advanceClock answered $result; expected {"now": Int}');
    }
    return DateTime.fromMillisecondsSinceEpoch(now, isUtc: true);
  }

  /// The whole emulator state: device, now, authorization, promptsShown, settingsOpened,
  /// samples, workoutsInProgress.
  Future<Map<Object?, Object?>> snapshot() async {
    final result = await _call('snapshot');
    if (result is! Map) {
      throw FormatException('snapshot answered $result; expected a map');
    }
    return Map<Object?, Object?>.from(result);
  }

  /// The plugin calls the emulator received since the last [reset] (or [clearCalls]), oldest
  /// first (../../protocol/verification.md). Lets a test assert what the plugin sent, like mockito's
  /// `verify`: `expect((await control.calls()).map((c) => c.method), ['isAvailable'])`.
  Future<List<HkCall>> calls() async {
    final result = await _call('calls');
    final list = result is Map ? result['calls'] : result;
    if (list is! List) {
      throw FormatException('calls answered $result; expected a list of {method, args, code}');
    }
    return [for (final entry in list) HkCall.fromMap(entry)];
  }

  /// Empties the log [calls] reads.
  Future<void> clearCalls() async {
    await _call('clearCalls');
  }

  /// Answers the next [count] (default: every) calls of [method] whose arguments match [args]
  /// (a map of matchers; default: any arguments) with [reply] instead of the store: either
  /// [HkStubReply.ok] or [HkStubReply.error].
  Future<void> stub({
    required String method,
    Map<String, Object?>? args,
    required HkStubReply reply,
    int? count,
  }) async {
    await _call('stub', <String, Object?>{
      'method': method,
      if (args != null) 'args': args,
      'reply': reply.toArgs(),
      if (count != null) 'count': count,
    });
  }

  /// Delays the replies to [method] (every method when null) by [latency] of real time (sent
  /// as whole milliseconds), keeping their order; [Duration.zero] removes the delay.
  Future<void> setLatency(Duration latency, {String? method}) async {
    await _call('setLatency', <String, Object?>{
      if (method != null) 'method': method,
      'ms': latency.inMilliseconds,
    });
  }
}

/// One entry of [HkControl.calls]: a plugin call the emulator received.
class HkCall {
  const HkCall(this.method, this.args, this.code);

  /// Reads `{method: String, args: value, code: String or null}`; [FormatException] otherwise.
  factory HkCall.fromMap(Object? entry) {
    final method = entry is Map ? entry['method'] : null;
    final code = entry is Map ? entry['code'] : null;
    if (entry is! Map || method is! String || (code != null && code is! String)) {
      throw FormatException(
          'a calls entry is {method: String, args: value, code: String or null}, not $entry');
    }
    return HkCall(method, entry['args'], code as String?);
  }

  /// The method name.
  final String method;

  /// The arguments as decoded (null when none).
  final Object? args;

  /// `null` for a success, the error's code for an error reply, `notImplemented` for a null
  /// reply.
  final String? code;

  /// Whether the reply was a success.
  bool get succeeded => code == null;

  @override
  bool operator ==(Object other) =>
      other is HkCall &&
      other.method == method &&
      other.code == code &&
      hkValuesEqual(other.args, args);

  @override
  int get hashCode => Object.hash(method, code);

  @override
  String toString() => 'HkCall($method, $args, $code)';
}

/// The reply of an [HkControl.stub]: a success value or a `FlutterError`.
class HkStubReply {
  /// `{"ok": value}`.
  const HkStubReply.ok(Object? value)
      : _ok = true,
        value = value,
        code = null,
        message = null,
        details = null;

  /// `{"error": {"code", "message", "details"}}`.
  const HkStubReply.error(String this.code, {this.message, this.details})
      : _ok = false,
        value = null;

  final bool _ok;
  final Object? value;
  final String? code;
  final String? message;
  final Object? details;

  Map<String, Object?> toArgs() => _ok
      ? <String, Object?>{'ok': value}
      : <String, Object?>{
          'error': <String, Object?>{'code': code, 'message': message, 'details': details},
        };
}
