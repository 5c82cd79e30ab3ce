import Foundation

/// Makes the readers and writers of a standard codec; Pigeon's generated code subclasses it to
/// hand out its own reader and writer subclasses.
open class FlutterStandardReaderWriter: NSObject {
  public override init() {
    super.init()
  }

  /// A writer appending to `data`.
  open func writer(with data: NSMutableData) -> FlutterStandardWriter {
    FlutterStandardWriter(data: data)
  }

  /// A reader reading `data` from its start.
  open func reader(with data: Data) -> FlutterStandardReader {
    FlutterStandardReader(data: data)
  }
}
