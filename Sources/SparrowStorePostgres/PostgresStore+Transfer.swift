import Foundation
import PostgresNIO
import SparrowStore

extension PostgresStore: TableTransfer {
  package func dataTables() async throws -> [String] {
    try await reading { db in
      try await db.column("""
        SELECT tablename FROM pg_tables WHERE schemaname = current_schema()
          AND tablename NOT IN ('schema_migrations', 'node_leases') ORDER BY tablename
        """, as: String.self)
    }
  }

  package func count(table: String) async throws -> Int {
    try await reading { db in try await db.value("SELECT count(*) FROM \(raw: Self.quoted(table))", as: Int.self) ?? 0 }
  }

  /// In the order of all columns, by offset (for checks and small copies; the copy from SQLite writes here).
  package func rows(table: String, after cursor: TableCursor?, limit: Int) async throws -> TableRows {
    let types = try await columnTypes(table)
    let offset = cursor?.position ?? 0
    let list = types.map { Self.quoted($0.name) }.joined(separator: ", ")
    let rows = try await reading { db in
      try await db.rows("""
        SELECT \(raw: list) FROM \(raw: Self.quoted(table))
        ORDER BY \(raw: (1...types.count).map(String.init).joined(separator: ", ")) LIMIT \(limit) OFFSET \(offset)
        """)
    }
    let values = try rows.map { row in
      try types.indices.map { index -> CellValue in
        let cell = row[index]
        guard cell.bytes != nil else { return .null }
        switch types[index].kind {
        case .int: return .int(try cell.decode(Int64.self))
        case .double: return .double(try cell.decode(Double.self))
        case .text: return .text(try cell.decode(String.self))
        }
      }
    }
    return TableRows(
      columns: types.map(\.name), rows: values, next: rows.count < limit ? nil : TableCursor(offset + Int64(rows.count)))
  }

  /// One multi-row `INSERT` per batch, each value bound as its column's type (an integer read from SQLite into a
  /// floating-point column, say), in one transaction.
  package func insert(table: String, columns: [String], rows: [[CellValue]]) async throws {
    let types = Dictionary(uniqueKeysWithValues: try await columnTypes(table).map { ($0.name, $0.kind) })
    let kinds = try columns.map { column in
      guard let kind = types[column] else { throw TransferError.noSuchColumn(table: table, column: column) }
      return kind
    }
    let perStatement = max(1, 30_000 / max(1, columns.count))
    try await transaction(announcing: .everything) { db in
      var start = 0
      while start < rows.count {
        let batch = rows[start..<min(rows.count, start + perStatement)]
        // One interpolation appended to: joining statements with `+` would copy the text for every value.
        var sql = SQL.Interpolation(literalCapacity: 64 * batch.count, interpolationCount: batch.count * columns.count)
        sql.appendLiteral(
          "INSERT INTO \(Self.quoted(table)) (\(columns.map(Self.quoted).joined(separator: ", "))) VALUES ")
        for (number, row) in batch.enumerated() {
          sql.appendLiteral(number == 0 ? "(" : ", (")
          for (index, cell) in row.enumerated() {
            if index > 0 { sql.appendLiteral(", ") }
            sql.bind(try Self.value(cell, as: kinds[index], table: table, column: columns[index]))
          }
          sql.appendLiteral(")")
        }
        try await db.execute(SQL(stringInterpolation: sql))
        start += perStatement
      }
    }
  }

  enum ColumnKind { case int, double, text }

  enum TransferError: Error, CustomStringConvertible {
    case noSuchColumn(table: String, column: String)
    case mismatch(table: String, column: String, value: String)

    var description: String {
      switch self {
      case .noSuchColumn(let table, let column): "\(table).\(column) does not exist in the PostgreSQL schema"
      case .mismatch(let table, let column, let value): "\(table).\(column) cannot hold \(value)"
      }
    }
  }

  func columnTypes(_ table: String) async throws -> [(name: String, kind: ColumnKind)] {
    try await reading { db in
      try await db.rows("""
        SELECT column_name, data_type FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = \(table) ORDER BY ordinal_position
        """).map { row in
          let type = try row[1].decode(String.self)
          let kind: ColumnKind =
            ["bigint", "integer", "smallint"].contains(type) ? .int : type == "double precision" || type == "real" ? .double : .text
          return (try row[0].decode(String.self), kind)
        }
    }
  }

  /// `cell` as a value of a column of `kind`.
  static func value(_ cell: CellValue, as kind: ColumnKind, table: String, column: String) throws -> SQL.Value {
    switch (kind, cell) {
    case (.int, .null): return .int(nil)
    case (.double, .null): return .double(nil)
    case (.text, .null): return .text(nil)
    case (.int, .int(let v)): return .int(v)
    case (.double, .int(let v)): return .double(Double(v))
    case (.double, .double(let v)): return .double(v)
    case (.int, .double(let v)) where v == v.rounded() && abs(v) < 9e15: return .int(Int64(v))
    case (.text, .text(let v)): return .text(v)
    case (.text, .int(let v)): return .text(String(v))
    case (.int, .text(let v)) where Int64(v) != nil: return .int(Int64(v))
    default: throw TransferError.mismatch(table: table, column: column, value: "\(cell)")
    }
  }
}
