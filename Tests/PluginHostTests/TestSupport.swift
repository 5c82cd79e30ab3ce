// The helpers every test of the host uses (`hex`, `Harness`, `Envelope.error`) are the shared
// support target's; re-exported so that each file of this target sees them without an import.
@_exported import ChannelTestSupport
