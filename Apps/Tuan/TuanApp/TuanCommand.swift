import ArgumentParser
import Foundation
import SparrowServer
import SparrowStorePostgres
import SparrowStoreSQLite
import TuanStore

/// `sparrow tuan shop link NAME BUSINESS_ID`: makes a user one of a business's people, who then use 商家后台
/// (`/tuan/shop`: 验券, today's used 团购券, replies to reviews).
package struct TuanCommand: AsyncParsableCommand {
  package static let configuration = CommandConfiguration(
    commandName: "tuan", abstract: "团购's operator commands.", subcommands: [Shop.self])

  package init() {}

  struct Shop: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Shops' people.", subcommands: [Link.self])
  }

  struct Link: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Link a user to a business (a user serves one; linking again moves them).")
    @Argument(help: "The user's screen name.") var name: String
    @Argument(help: "The business id (the deals API's business_id).") var business: Int64
    @Option(help: "The data folder holding sparrow.sqlite.") var data: String = "./data"
    @Option(help: "A PostgreSQL database instead: postgres://user:password@host:5432/db (or SPARROW_DATABASE_URL).")
    var database: String?

    func run() async throws {
      let url = database ?? ProcessInfo.processInfo.environment["SPARROW_DATABASE_URL"]
      let engine: Engine = if let url, !url.isEmpty {
        .postgres(try await PostgresStore.open(try PostgresStore.Configuration(url: url, poolSize: 2),
                                               schemas: [TuanModule.postgresSchema].compactMap { $0 }))
      } else {
        .sqlite(try SQLiteStore(folder: URL(fileURLWithPath: data, isDirectory: true),
                                schemas: [TuanModule.sqliteSchema].compactMap { $0 }))
      }
      defer { if case .postgres(let store) = engine { store.shutdown() } }
      guard let user = try await engine.shared.user(screenName: name) else {
        throw ValidationError("there is no user named \(name)")
      }
      let store = TuanModule.store(on: engine)
      guard let merchant = try await store.merchant(id: business) else {
        throw ValidationError("there is no business \(business)")
      }
      try await store.linkShop(userID: user.id, merchantID: merchant.id)
      print("\(user.screenName) now serves \(merchant.fullName) (business \(merchant.id)) at /tuan/shop")
    }
  }
}
