/// A database seen as tables of plain values, for moving a whole instance between engines
/// (`sparrow migrate-data`). The engines share table and column names, and times and ids are the same
/// integers in both, so a row moves as it is.
package enum CellValue: Sendable, Equatable {
  case null
  case int(Int64)
  case double(Double)
  case text(String)
}

/// Where a table's reading got to; opaque to everyone but the engine that made it.
package struct TableCursor: Sendable, Equatable {
  package let position: Int64
  package init(_ position: Int64) { self.position = position }
}

/// Some rows of a table, and where the next read starts (nil: the table is done).
package struct TableRows: Sendable {
  package var columns: [String]
  package var rows: [[CellValue]]
  package var next: TableCursor?

  package init(columns: [String], rows: [[CellValue]], next: TableCursor?) {
    self.columns = columns
    self.rows = rows
    self.next = next
  }
}

/// The tables an engine holds data in: every app's, not search indexes (rebuilt from the rows) nor process
/// state (id-node leases), nor the engine's own bookkeeping (migrations).
package protocol TableTransfer: Sendable {
  func dataTables() async throws -> [String]
  func count(table: String) async throws -> Int
  /// Up to `limit` rows after `cursor`, in a stable order.
  func rows(table: String, after cursor: TableCursor?, limit: Int) async throws -> TableRows
  /// Adds rows as they are (ids unchanged), in one transaction.
  func insert(table: String, columns: [String], rows: [[CellValue]]) async throws
}
