import ChannelJSON
import FlutterCodec
import Foundation

/// make-seeds TARGET OUTDIR GOLDENDIR
///
/// Writes the seed corpus of one fuzz target into OUTDIR, one file per input, named by a hash of
/// its bytes (running it again adds nothing new). Seeds come from the hand-made values of
/// ``SeedValues`` and from every golden transcript line: its callHex/messageHex/replyHex bytes,
/// its call, message and reply values (encoded, and as typed JSON), and the raw line.
let arguments = CommandLine.arguments
guard arguments.count == 4 else {
  FileHandle.standardError.write(Data("usage: make-seeds TARGET OUTDIR GOLDENDIR\n".utf8))
  exit(2)
}
let target = arguments[1]
let outDirectory = URL(fileURLWithPath: arguments[2])
let golden = GoldenSeeds(directory: URL(fileURLWithPath: arguments[3]))

let seeds: [[UInt8]]
switch target {
case "message": seeds = SeedSets.message(golden)
case "method": seeds = SeedSets.method(golden)
case "json": seeds = SeedSets.json(golden)
case "frame": seeds = SeedSets.frame(golden)
case let query where QuerySeeds.seeds(query) != nil: seeds = QuerySeeds.seeds(query) ?? []
default:
  FileHandle.standardError.write(Data("make-seeds: unknown target '\(target)'\n".utf8))
  exit(2)
}

try FileManager.default.createDirectory(at: outDirectory, withIntermediateDirectories: true)
var written = 0
for seed in seeds {
  let url = outDirectory.appendingPathComponent("seed-" + fnv1a(seed))
  if !FileManager.default.fileExists(atPath: url.path) {
    try Data(seed).write(to: url)
    written += 1
  }
}
print(
  "make-seeds: \(target): \(seeds.count) seeds (\(golden.lineCount) golden lines), \(written) new")

/// 64-bit FNV-1a of the bytes, as 16 hex digits.
func fnv1a(_ bytes: [UInt8]) -> String {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in bytes {
    hash ^= UInt64(byte)
    hash &*= 0x0100_0000_01b3
  }
  let text = String(hash, radix: 16)
  return String(repeating: "0", count: 16 - text.count) + text
}
