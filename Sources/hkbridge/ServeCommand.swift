import ArgumentParser

struct ServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Not built yet."
  )

  func run() throws {
    throw ExitCode(2)
  }
}
