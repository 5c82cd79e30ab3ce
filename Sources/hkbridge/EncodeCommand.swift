import ArgumentParser

struct EncodeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "encode",
    abstract: "Not built yet."
  )

  func run() throws {
    throw ExitCode(2)
  }
}
