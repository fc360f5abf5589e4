import ArgumentParser
import DakaStore
import DakaWeb
import Foundation
import SparrowPlatform
import SparrowServer
import SparrowStore
import SparrowStorePostgres
import SparrowStoreSQLite

/// `sparrow daka import --user NAME FILE.zip`: a journal exported from 打卡 (`/daka/me/export`, on this instance
/// or another) added to a user's: entries, pictures, points and trips; entries already there are skipped.
package struct DakaCommand: AsyncParsableCommand {
  package static let configuration = CommandConfiguration(
    commandName: "daka", abstract: "打卡's operator commands.", subcommands: [Import.self])

  package init() {}

  struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add a 打卡 export (the zip from 我的 → 导出全部) to a user's journal; prints what it added.")
    @Option(help: "The user's screen name.") var user: String
    @Argument(help: "The zip file.") var file: String
    @Option(help: "The data folder holding sparrow.sqlite.") var data: String = "./data"
    @Option(help: "A PostgreSQL database instead: postgres://user:password@host:5432/db (or SPARROW_DATABASE_URL).")
    var database: String?
    @Option(help: "Where pictures are kept, when not in the data folder (as `sparrow serve --media`).") var media: String?

    func run() async throws {
      guard let zip = FileManager.default.contents(atPath: file) else { throw ValidationError("cannot read \(file)") }
      let url = database ?? ProcessInfo.processInfo.environment["SPARROW_DATABASE_URL"]
      let folder = URL(fileURLWithPath: data, isDirectory: true)
      let engine: Engine = if let url, !url.isEmpty {
        .postgres(try await PostgresStore.open(try PostgresStore.Configuration(url: url, poolSize: 2),
                                               schemas: [DakaModule.postgresSchema].compactMap { $0 }))
      } else {
        .sqlite(try SQLiteStore(folder: folder, schemas: [DakaModule.sqliteSchema].compactMap { $0 }))
      }
      defer { if case .postgres(let store) = engine { store.shutdown() } }
      guard let person = try await engine.shared.user(screenName: user) else {
        throw ValidationError("there is no user named \(user)")
      }
      let lease = try await NodeLease.claim(engine.shared)
      let library = PictureLibrary(
        dataFolder: media.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? folder, store: engine.shared,
        dailyQuota: Int.max)
      do {
        let done = try await JournalArchive.restore(
          zip, into: DakaModule.journal(on: engine), pictures: library, user: person.id, ids: lease.ids, now: Date())
        try? await lease.release()
        print("Imported \(done.entries) entries, \(done.pictures) pictures and \(done.trips) trips for \(person.screenName)"
              + (done.skipped > 0 ? "; \(done.skipped) entries were there already" : ""))
      } catch let refused as JournalArchive.Unreadable {
        try? await lease.release()
        throw ValidationError("\(file): \(refused.description)")
      } catch {
        try? await lease.release()
        throw error
      }
    }
  }
}
