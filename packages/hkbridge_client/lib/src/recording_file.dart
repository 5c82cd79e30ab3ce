// A transcript file written one whole line at a time, each flushed to the file as it is
// written, so a recording survives an app that is killed (the recorder's file on a device).

import 'dart:convert';
import 'dart:io';

/// Appends transcript lines to a file: each [writeLine] is one write of the whole line and its
/// newline, flushed before it returns (no buffered line is lost when the app is killed after
/// it). [close] closes the file; lines after it are refused with a [StateError].
class HkRecordingFile {
  HkRecordingFile._(this.path, this._file);

  /// Opens [path] for writing (`append`: after what is there, for a recording continued across
  /// launches; else the file is truncated). The folder must exist.
  factory HkRecordingFile.open(String path, {bool append = false}) => HkRecordingFile._(
      path, File(path).openSync(mode: append ? FileMode.writeOnlyAppend : FileMode.writeOnly));

  /// The file's path.
  final String path;
  RandomAccessFile? _file;

  /// Whether [close] has been called.
  bool get isClosed => _file == null;

  /// Writes [line] (no newline in it) and a newline, and flushes them to the file.
  void writeLine(String line) {
    final file = _file;
    if (file == null) throw StateError('$path is closed: the recording ended');
    file.writeFromSync(utf8.encode('$line\n'));
    file.flushSync();
  }

  /// Closes the file (again: nothing).
  void close() {
    _file?.closeSync();
    _file = null;
  }
}
