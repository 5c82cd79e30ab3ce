import ChannelTestSupport
import FlutterCodec
import Testing

/// `getData` of `ELECTROCARDIOGRAM`: the ECGs another source recorded, with their voltages.
@Suite struct HealthElectrocardiogramTests {
  @Test func anECGComesWithItsVoltagesInVoltsInOrder() {
    let host = HealthHost()
    host.authorize(["ELECTROCARDIOGRAM"], 0)
    host.control(
      "addElectrocardiograms",
      [
        "records": .list([
          .object([
            ("start", T.ms(9)), ("end", .int64(Int64(T.at(9) + 30_000))),
            ("classification", "sinusRhythm"), ("averageHeartRate", 70),
            ("samplingFrequency", 2), ("microvolts", .list([500, -250])),
          ])
        ]),
        "source": ["bundleId": "com.apple.health.watch"],
      ])
    let points = host.ok("getData", getDataArgs("ELECTROCARDIOGRAM", "VOLT"))?.listValue
    #expect(points?.count == 1)
    let ecg = points?.first
    #expect(
      ecg?["voltageValues"]
        == .list([
          .object([("voltage", .float64(0.0005)), ("timeSinceSampleStart", .float64(0))]),
          .object([("voltage", .float64(-0.00025)), ("timeSinceSampleStart", .float64(0.5))]),
        ]))
    #expect(ecg?["averageHeartRate"] == .float64(70))
    #expect(ecg?["samplingFrequency"] == .float64(2))
    #expect(ecg?["classification"] == .int64(1))
    #expect(ecg?["source_id"] == "com.apple.health.watch")
  }

  @Test func anECGWithoutARecordingHasNoValues() {
    let host = HealthHost()
    host.authorize(["ELECTROCARDIOGRAM"], 0)
    host.control("addElectrocardiograms", ["records": .list([.object([("start", T.ms(9))])])])
    let ecg = host.ok("getData", getDataArgs("ELECTROCARDIOGRAM", "VOLT"))?.listValue?.first
    #expect(ecg?["voltageValues"] == .list([]))
    #expect(ecg?["averageHeartRate"] == .null)
    #expect(ecg?["samplingFrequency"] == .null)
    #expect(ecg?["classification"] == .int64(0))
  }
}
