import ArgumentParser
import Foundation
import SparrowStoreSQLite

/// `sparrow guestbook --data DIR`: how many lines the guestbook of a data folder holds.
package struct GuestbookCommand: AsyncParsableCommand {
  package static let configuration = CommandConfiguration(commandName: "guestbook", abstract: "Count the guestbook's lines.")

  @Option(help: "The data folder holding sparrow.sqlite.") var data: String = "./data"

  package init() {}

  package func run() async throws { print("\(try await lines()) lines") }

  /// How many lines the guestbook in `data` holds.
  package func lines() async throws -> Int {
    let engine = try SQLiteStore(folder: URL(fileURLWithPath: data, isDirectory: true), schemas: [SQLiteGuestbookStore.schema])
    return try await SQLiteGuestbookStore(engine).entries(limit: 1).total
  }
}
