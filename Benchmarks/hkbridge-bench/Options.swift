#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The command line: `--quick` for a fast smoke run, `--only` to pick sections.
struct Options {
  static let sections = [
    "codec", "serve", "start", "replay", "store", "memory", "reads", "bounds",
  ]

  var quick = false
  var only: Set<String>?
  /// `--profile NAME [COUNT]`: run one fixed workload instead of the benchmark.
  var profile: (ProfileWorkload, Int)?
  /// `--hkbridge PATH`: the executable for the process figures (default: beside this one).
  var hkbridge: String?
  /// `--baseline PATH`: an earlier `hkbridge` build that `replay` of the goldens is measured
  /// beside (section `replay`).
  var baseline: String?
  /// `--peers DIR` (or `HKBRIDGE_CODEC_PEERS`): Flutter's codecs as peer programs, for the codec
  /// section (CodecPeers.swift).
  var peers: String? = getenv("HKBRIDGE_CODEC_PEERS").map { String(cString: $0) }
  /// `--frames COUNT`: write the serve section's pipelined input (`COUNT` `isAvailable` MESSAGE
  /// frames) to stdout instead of running the benchmark, for callgrind on `hkbridge serve`.
  var frames: Int?
  /// `--rounds N`: paired rounds of the serve section's pipelined figure (default 5, 3 with
  /// `--quick`).
  var serveRounds: Int?

  func wants(_ section: String) -> Bool { only?.contains(section) ?? true }

  /// Parses the arguments; prints usage and exits on `--help` or a bad argument (status 2).
  static func parse(_ arguments: [String]) -> Options {
    var options = Options()
    var index = 0
    let usage = """
      usage: hkbridge-bench [--quick] [--only \(sections.joined(separator: ","))] [--hkbridge PATH]
                            [--baseline PATH] [--peers DIR] [--rounds N]
             hkbridge-bench --profile \(ProfileWorkload.allCases.map(\.rawValue).joined(separator: "|")) [COUNT]
             hkbridge-bench --frames COUNT > FILE   (serve's input: hkbridge serve < FILE)
      """
    while index < arguments.count {
      switch arguments[index] {
      case "--quick":
        options.quick = true
      case "--only" where index + 1 < arguments.count:
        index += 1
        let names = Set(arguments[index].split(separator: ",").map(String.init))
        if let unknown = names.first(where: { !sections.contains($0) }) {
          fail("unknown section '\(unknown)'; expected some of \(sections.joined(separator: ","))")
        }
        options.only = names
      case "--hkbridge" where index + 1 < arguments.count:
        index += 1
        options.hkbridge = arguments[index]
      case "--peers" where index + 1 < arguments.count:
        index += 1
        options.peers = arguments[index]
      case "--frames" where index + 1 < arguments.count:
        index += 1
        guard let count = Int(arguments[index]), count >= 0 else {
          fail("--frames takes a number of frames, 0 or more; got '\(arguments[index])'")
        }
        options.frames = count
      case "--rounds" where index + 1 < arguments.count:
        index += 1
        guard let rounds = Int(arguments[index]), rounds >= 1 else {
          fail("--rounds takes a whole number of rounds, 1 or more; got '\(arguments[index])'")
        }
        options.serveRounds = rounds
      case "--baseline" where index + 1 < arguments.count:
        index += 1
        options.baseline = arguments[index]
      case "--profile" where index + 1 < arguments.count:
        index += 1
        guard let workload = ProfileWorkload(rawValue: arguments[index]) else {
          let names = ProfileWorkload.allCases.map(\.rawValue).joined(separator: ", ")
          fail("unknown workload '\(arguments[index])'; expected one of \(names)")
        }
        var count = 10
        if index + 1 < arguments.count, let n = Int(arguments[index + 1]), n > 0 {
          count = n
          index += 1
        }
        options.profile = (workload, count)
      case "--help", "-h":
        print(usage)
        exit(0)
      default:
        fail("unknown argument '\(arguments[index])'\n\(usage)")
      }
      index += 1
    }
    return options
  }

  private static func fail(_ message: String) -> Never {
    var text = "hkbridge-bench: \(message)\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(2)
  }
}
