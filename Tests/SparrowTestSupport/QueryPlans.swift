import Foundation
import GRDB
import SparrowStoreSQLite

/// A statement whose plan reads a whole large table.
package struct FullScan: CustomStringConvertible, Sendable {
  package let sql: String
  package let step: String
  package var description: String { "\(step)\n    in: \(sql.split(whereSeparator: \.isNewline).joined(separator: " "))" }
}

/// Every statement `engine` has run (it must count statements, as `TestWorld`'s does) whose plan scans one of
/// `tables` whole, by SQLite's `EXPLAIN QUERY PLAN`, except those containing one of `allowed` (each a deliberate
/// scan: a bulk load, a counter repair, a kept aggregate being filled). Plans do not depend on the rows here: the
/// engine keeps no statistics, so a table of ten rows is planned as one of a million.
/// `before`: statements seen before the workload (the migrations'), left out.
package func fullScans(in engine: SQLiteStore, of tables: Set<String>, allowing allowed: [String] = [],
                       before: Set<String> = []) async throws -> [FullScan]
{
  let statements = engine.statementsSeen.subtracting(before).filter { sql in
    let head = sql.drop { $0.isWhitespace }.prefix(6).uppercased()
    return ["SELECT", "UPDATE", "DELETE", "INSERT", "WITH"].contains { head.hasPrefix($0) }
      && !allowed.contains { sql.contains($0) }
  }
  return try await engine.reading { db in
    var scans: [FullScan] = []
    for sql in statements.sorted() {
      // Names and aliases of the large tables the statement reads (`FROM tuan_deals d`, `JOIN statuses s`).
      var names: [String: String] = [:]
      let words = sql.split(whereSeparator: { $0.isWhitespace || $0 == "," || $0 == "(" || $0 == ")" }).map(String.init)
      for (index, word) in words.enumerated() where ["FROM", "JOIN"].contains(word.uppercased()) && index + 1 < words.count {
        let table = words[index + 1]
        guard tables.contains(table) else { continue }
        names[table] = table
        if index + 2 < words.count {
          let next = words[index + 2].uppercased() == "AS" && index + 3 < words.count ? words[index + 3] : words[index + 2]
          if next.allSatisfy({ $0.isLetter || $0 == "_" || $0.isNumber }),
            !["WHERE", "ON", "JOIN", "CROSS", "LEFT", "INNER", "ORDER", "GROUP", "LIMIT", "SET", "USING", "UNION"]
              .contains(next.uppercased())
          {
            names[next] = table
          }
        }
      }
      // Statements with trigger-made or schema-made names (the migrations) are not the store's reads.
      guard !names.isEmpty, let statement = try? db.makeStatement(sql: "EXPLAIN QUERY PLAN " + sql) else { continue }
      statement.setUncheckedArguments([])
      for row in try Row.fetchAll(statement) {
        let detail: String = row["detail"]
        let parts = detail.split(separator: " ")
        guard parts.count >= 2, parts[0] == "SCAN", names[String(parts[1])] != nil else { continue }
        scans.append(FullScan(sql: sql, step: detail))
      }
    }
    return scans
  }
}
