#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the figures were measured on: online CPUs, CPU model, load average.
struct MachineInfo {
  var cpus: Int
  var model: String
  var load: String

  static func current() -> MachineInfo {
    let cpus = sysconf(Int32(_SC_NPROCESSORS_ONLN))
    let cpuinfo = readTextFile("/proc/cpuinfo") ?? ""
    let model =
      cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
      .flatMap { $0.split(separator: ":", maxSplits: 1).last }
      .map { String($0.drop { $0 == " " }) } ?? "unknown CPU"
    let load = (readTextFile("/proc/loadavg") ?? "").split(separator: " ").prefix(3)
      .joined(separator: " ")
    return MachineInfo(cpus: cpus, model: model, load: load)
  }

  var summary: String { "\(cpus) CPUs (\(model)), load average \(load)" }
}

/// The whole of a small text file (`/proc/...`), or `nil` when it cannot be read.
func readTextFile(_ path: String) -> String? {
  let fd = open(path, O_RDONLY)
  guard fd >= 0 else { return nil }
  defer { close(fd) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65_536)
  while true {
    let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    if n <= 0 { break }
    bytes.append(contentsOf: chunk[0..<n])
  }
  return String(decoding: bytes, as: UTF8.self)
}
