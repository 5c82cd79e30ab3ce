// The plugin's Dart API over its method channel, written against an `invoke` function rather
// than a MethodChannel, so that all of it is pure Dart: lib/mindful_minutes.dart binds it to the
// channel in an app, and the VM tests bind it to hkbridge_client's HkBridge.invokeMethod.

/// Calls [method] on the plugin's channel with [arguments] and completes with the decoded
/// result: `MethodChannel.invokeMethod` in an app.
typedef MindfulInvoke = Future<Object?> Function(String method, [Object? arguments]);

/// A failure the platform reported (a `FlutterError`): its code and message.
class MindfulMinutesException implements Exception {
  const MindfulMinutesException(this.code, [this.message]);
  final String code;
  final String? message;

  @override
  String toString() => 'MindfulMinutesException($code${message == null ? '' : ': $message'})';
}

/// One mindful session as HealthKit stores it.
class MindfulSession {
  const MindfulSession(this.id, this.start, this.end, {this.sourceBundleId});

  /// Reads a record of the channel's `readRecords` reply.
  factory MindfulSession.fromRecord(Object? record) {
    if (record is! Map || record['uuid'] is! String || record['start'] is! int ||
        record['end'] is! int) {
      throw FormatException('a mindful session record is {uuid, start, end, ...}, not $record');
    }
    final source = record['source'];
    return MindfulSession(
      record['uuid'] as String,
      DateTime.fromMillisecondsSinceEpoch(record['start'] as int, isUtc: true),
      DateTime.fromMillisecondsSinceEpoch(record['end'] as int, isUtc: true),
      sourceBundleId: source is Map ? source['bundleId'] as String? : null,
    );
  }

  /// HealthKit's uuid of the sample.
  final String id;
  final DateTime start;
  final DateTime end;

  /// The app that wrote it.
  final String? sourceBundleId;

  Duration get length => end.difference(start);

  @override
  String toString() => 'MindfulSession($id, $start, $length)';
}

/// The plugin's API: HealthKit mindful sessions.
class MindfulMinutesApi {
  const MindfulMinutesApi(this._invoke);
  final MindfulInvoke _invoke;

  /// The channel name the iOS side listens on.
  static const String channel = 'mindful_minutes';

  static const String _type = 'mindfulSession';

  /// Whether HealthKit is there (not on an iPad below iPadOS 17).
  Future<bool> isAvailable() async => await _invoke('isAvailable') == true;

  /// Asks to read and write mindful sessions; true when the prompt was shown or not needed.
  Future<bool> requestAccess() async =>
      await _invoke('requestPermissions', <String, Object?>{
        'read': [_type],
        'write': [_type],
      }) ==
      true;

  /// Saves a session of [length] from [start]; returns its id.
  Future<String> logSession(DateTime start, Duration length) async {
    if (length <= Duration.zero) {
      throw ArgumentError.value(length, 'length', 'a session lasts more than zero');
    }
    final reply = await _invoke('writeRecord', <String, Object?>{
      'type': _type,
      'start': start.millisecondsSinceEpoch,
      'end': start.add(length).millisecondsSinceEpoch,
    });
    final id = reply is Map ? reply['uuid'] : null;
    if (id is! String) throw FormatException('writeRecord answered $reply; expected {uuid}');
    return id;
  }

  /// The sessions that overlap [from] … [to] (open ends when null), oldest first.
  Future<List<MindfulSession>> sessions({DateTime? from, DateTime? to}) async {
    final reply = await _invoke('readRecords', <String, Object?>{
      'type': _type,
      if (from != null) 'start': from.millisecondsSinceEpoch,
      if (to != null) 'end': to.millisecondsSinceEpoch,
      'ascending': true,
    });
    if (reply is! List) throw FormatException('readRecords answered $reply; expected a list');
    return [for (final record in reply) MindfulSession.fromRecord(record)];
  }

  /// Deletes the sessions with these ids (all or none); returns how many were deleted.
  Future<int> deleteSessions(List<String> ids) async {
    final reply = await _invoke('deleteRecords', <String, Object?>{'uuids': ids});
    if (reply is! int) throw FormatException('deleteRecords answered $reply; expected an int');
    return reply;
  }

  /// The total time of [sessions] (pure logic; no channel).
  static Duration totalTime(Iterable<MindfulSession> sessions) =>
      sessions.fold(Duration.zero, (sum, s) => sum + s.length);

  /// Minutes per UTC day, days in order (pure logic; no channel). A session is counted on the
  /// day it starts.
  static Map<DateTime, int> minutesPerDay(Iterable<MindfulSession> sessions) {
    final days = <DateTime, int>{};
    for (final s in sessions) {
      final day = DateTime.utc(s.start.year, s.start.month, s.start.day);
      days[day] = (days[day] ?? 0) + s.length.inMinutes;
    }
    final keys = days.keys.toList()..sort();
    return {for (final k in keys) k: days[k]!};
  }
}
