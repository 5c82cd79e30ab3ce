import ArgumentParser

struct DecodeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "decode",
    abstract: "Not built yet."
  )

  func run() throws {
    throw ExitCode(2)
  }
}
