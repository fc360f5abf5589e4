import Foundation
import GRDB
import SparrowStore

extension SQLiteStore: TableTransfer {
  package func dataTables() async throws -> [String] {
    try await reading { db in
      let all = try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .map { (name: $0["name"] as String, sql: ($0["sql"] as String?) ?? "") }
      // Search indexes are rebuilt from the rows: the FTS tables and their shadow tables stay behind.
      let virtual = all.filter { $0.sql.uppercased().hasPrefix("CREATE VIRTUAL") }.map(\.name)
      return all.map(\.name).filter { name in
        !name.hasPrefix("sqlite_") && !name.hasPrefix("grdb_") && name != "node_leases"
          && !virtual.contains(where: { name == $0 || name.hasPrefix($0 + "_") })
      }
    }
  }

  package func count(table: String) async throws -> Int {
    let quoted = Self.quoted(table)
    return try await reading { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(quoted)") ?? 0 }
  }

  /// By rowid where the table has one; a `WITHOUT ROWID` table (small: counters, picture references) by offset,
  /// in the order of all its columns (its rows are unique).
  package func rows(table: String, after cursor: TableCursor?, limit: Int) async throws -> TableRows {
    let quoted = Self.quoted(table)
    return try await reading { db in
      let hasRowID = (try? db.makeStatement(sql: "SELECT rowid FROM \(quoted) LIMIT 0")) != nil
      let columns = try db.columns(in: table).map(\.name)
      let list = columns.map(Self.quoted).joined(separator: ", ")
      let position = cursor?.position ?? (hasRowID ? Int64.min : 0)
      let rows = hasRowID
        ? try Row.fetchAll(
          db, sql: "SELECT rowid AS sparrow_rowid, \(list) FROM \(quoted) WHERE rowid > ? ORDER BY rowid LIMIT ?",
          arguments: [position, limit])
        : try Row.fetchAll(
          db, sql: "SELECT \(list) FROM \(quoted) ORDER BY \((1...columns.count).map(String.init).joined(separator: ", ")) LIMIT ? OFFSET ?",
          arguments: [limit, position])
      let values = rows.map { row in columns.map { Self.cell(row[$0] as DatabaseValue) } }
      let next: TableCursor? =
        rows.count < limit ? nil
        : hasRowID ? TableCursor(rows.last?["sparrow_rowid"] ?? position) : TableCursor(position + Int64(rows.count))
      return TableRows(columns: columns, rows: values, next: next)
    }
  }

  package func insert(table: String, columns: [String], rows: [[CellValue]]) async throws {
    let sql = "INSERT INTO \(Self.quoted(table)) (\(columns.map(Self.quoted).joined(separator: ", "))) VALUES ("
      + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
    try await pool.write { db in
      let statement = try db.makeStatement(sql: sql)
      for row in rows {
        try statement.execute(arguments: StatementArguments(row.map(Self.databaseValue)))
      }
    }
    caches.invalidate(.everything)
  }

  static func cell(_ value: DatabaseValue) -> CellValue {
    switch value.storage {
    case .null: .null
    case .int64(let v): .int(v)
    case .double(let v): .double(v)
    case .string(let v): .text(v)
    case .blob(let v): .text(String(decoding: v, as: UTF8.self))
    }
  }

  static func databaseValue(_ cell: CellValue) -> DatabaseValue {
    switch cell {
    case .null: .null
    case .int(let v): v.databaseValue
    case .double(let v): v.databaseValue
    case .text(let v): v.databaseValue
    }
  }

  static func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

  /// An online copy of the database into a new file at `path` (the server may keep running): SQLite's backup,
  /// page by page, consistent as of its end.
  package func backup(to path: String) throws {
    guard !FileManager.default.fileExists(atPath: path) else { throw CocoaError(.fileWriteFileExists) }
    let copy = try DatabaseQueue(path: path)
    try pool.backup(to: copy)
    try copy.close()
  }
}
