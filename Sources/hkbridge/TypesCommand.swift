import ArgumentParser

struct TypesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "types",
    abstract: "Not built yet."
  )

  func run() throws {
    throw ExitCode(2)
  }
}
