/// HealthKit mindful sessions from Flutter: the plugin's public API.
library mindful_minutes;

import 'package:flutter/services.dart';

import 'src/mindful_minutes_api.dart';

export 'src/mindful_minutes_api.dart';

/// The API bound to the plugin's method channel; platform errors become
/// [MindfulMinutesException]s.
class MindfulMinutes extends MindfulMinutesApi {
  MindfulMinutes({MethodChannel channel = const MethodChannel(MindfulMinutesApi.channel)})
      : super((String method, [Object? arguments]) async {
          try {
            return await channel.invokeMethod<Object?>(method, arguments);
          } on PlatformException catch (e) {
            throw MindfulMinutesException(e.code, e.message);
          }
        });
}
