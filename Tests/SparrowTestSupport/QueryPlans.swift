import Foundation
import GRDB
import SparrowServer
import SparrowStore
import SparrowStorePostgres
import SparrowStoreSQLite

/// A statement whose plan reads a whole large table.
package struct FullScan: CustomStringConvertible, Sendable {
  package let sql: String
  package let step: String
  package var description: String { "\(step)\n    in: \(sql.split(whereSeparator: \.isNewline).joined(separator: " "))" }
}

extension Engine {
  /// The texts of the distinct statements run so far, when the engine counts (SQLite) or keeps (PostgreSQL) them,
  /// as `TestWorld`'s engines do.
  package var statementsSeen: Set<String> {
    switch self {
    case .sqlite(let store): store.statementsSeen
    case .postgres(let store): Set(store.statementLog?.seen.keys.map { $0 } ?? [])
    }
  }
}

/// Every statement `engine` has run whose plan scans one of `tables` whole, by the engine's own planner (below).
package func fullScans(in engine: Engine, of tables: Set<String>, allowing allowed: [String] = [],
                       before: Set<String> = []) async throws -> [FullScan]
{
  switch engine {
  case .sqlite(let store): try await fullScans(in: store, of: tables, allowing: allowed, before: before)
  case .postgres(let store): try await fullScans(in: store, of: tables, allowing: allowed, before: before)
  }
}

/// Every statement `engine` has run (it must count statements, as `TestWorld`'s does) whose plan scans one of
/// `tables` whole, by SQLite's `EXPLAIN QUERY PLAN`, except those containing one of `allowed` (each a deliberate
/// scan: a bulk load, a counter repair, a kept aggregate being filled). Plans do not depend on the rows here: the
/// engine keeps no statistics, so a table of ten rows is planned as one of a million.
/// `before`: statements seen before the workload (the migrations'), left out.
package func fullScans(in engine: SQLiteStore, of tables: Set<String>, allowing allowed: [String] = [],
                       before: Set<String> = []) async throws -> [FullScan]
{
  let statements = engine.statementsSeen.subtracting(before).filter { isPlanned($0, allowing: allowed) }
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

/// The same for PostgreSQL: every statement `store` has run (it must keep them, as `TestWorld`'s does) whose plan,
/// by `EXPLAIN` with the values of its first run, reads one of `tables` by a sequential scan while such scans are
/// priced out (`enable_seqscan = off`): the planner then picks one only where no index can serve, whatever the
/// table's size. Walks of a whole index are not judged here: PostgreSQL picks them by its statistics, and on a test
/// database of a few rows it walks small indexes where a big table would be sought (SQLite's check above, which
/// plans without statistics, judges those for the statements both engines share).
/// `before`: the texts of statements seen before the workload, left out.
package func fullScans(in store: PostgresStore, of tables: Set<String>, allowing allowed: [String] = [],
                       before: Set<String> = []) async throws -> [FullScan]
{
  guard let log = store.statementLog else { return [] }
  var scans: [FullScan] = []
  for (text, sql) in log.seen.sorted(by: { $0.key < $1.key })
  where !before.contains(text) && isPlanned(text, allowing: allowed) {
    let plan = try await store.transaction { db in
      try await db.execute("SET LOCAL enable_seqscan = off")
      return try await db.value("EXPLAIN (FORMAT JSON) " + sql, as: String.self) ?? "[]"
    }
    let nodes = try JSONSerialization.jsonObject(with: Data(plan.utf8)) as? [[String: Any]] ?? []
    func walk(_ node: [String: Any]) {
      let type = node["Node Type"] as? String ?? ""
      if let table = node["Relation Name"] as? String, tables.contains(table),
        type.hasSuffix("Seq Scan")
      {
        scans.append(FullScan(sql: text, step: "\(type) on \(table)"))
      }
      for child in node["Plans"] as? [[String: Any]] ?? [] { walk(child) }
    }
    for root in nodes { (root["Plan"] as? [String: Any]).map(walk) }
  }
  return scans
}

/// Whether a statement is one of the store's reads and writes (not a transaction's, a migration's or a setting's)
/// and is not one of the `allowed` deliberate scans.
private func isPlanned(_ sql: String, allowing allowed: [String]) -> Bool {
  let head = sql.drop { $0.isWhitespace }.prefix(6).uppercased()
  return ["SELECT", "UPDATE", "DELETE", "INSERT", "WITH"].contains { head.hasPrefix($0) }
    && !allowed.contains { sql.contains($0) }
}
