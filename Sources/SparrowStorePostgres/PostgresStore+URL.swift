import Foundation
import PostgresNIO

extension PostgresStore.Configuration {
  /// A database URL that cannot be used, said in one line.
  package struct BadURL: Error, CustomStringConvertible {
    package let description: String
  }

  /// `postgres://user:password@host:port/database` (also `postgresql://`); the password may be left out,
  /// the port defaults to 5432. Percent-escapes in the user and password are decoded.
  package init(url text: String, poolSize: Int) throws {
    guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "postgres" || scheme == "postgresql"
    else { throw BadURL(description: "the database URL must look like postgres://user:password@host:5432/database") }
    guard let host = url.host, !host.isEmpty else { throw BadURL(description: "the database URL names no host") }
    guard let user = url.user?.removingPercentEncoding, !user.isEmpty else {
      throw BadURL(description: "the database URL names no user (postgres://USER@host/database)")
    }
    let database = String(url.path.drop { $0 == "/" })
    guard !database.isEmpty, !database.contains("/") else {
      throw BadURL(description: "the database URL names no database (postgres://user@host/DATABASE)")
    }
    guard poolSize > 0 else { throw BadURL(description: "the pool size must be positive") }
    self.init(host: host, port: url.port ?? 5432, username: user, password: url.password?.removingPercentEncoding,
              database: database, poolSize: poolSize)
  }
}

extension PostgresStore {
  /// Why the database could not be used, in one line: the server's own message when it sent one (a wrong
  /// password, a missing database), else what went wrong on the way (a refused connection, a timeout).
  /// PostgresNIO's own description hides both on purpose, so they are read out here.
  package static func explain(_ error: any Error) -> String {
    guard let error = error as? PSQLError else { return String(describing: error) }
    if let message = error.serverInfo?[.message] { return message }
    if let underlying = error.underlying { return String(describing: underlying) }
    return error.code.description
  }
}
