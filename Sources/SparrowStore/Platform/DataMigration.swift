/// Copies a whole instance from one engine to another (`sparrow migrate-data`): every data table of every app,
/// rows as they are (ids unchanged), into an empty target; then counts each table on both sides.
package struct DataMigration: Sendable {
  let source: any TableTransfer
  let target: any TableTransfer
  /// Rows read and written at a time.
  let batch: Int

  package init(from source: any TableTransfer, to target: any TableTransfer, batch: Int = 2000) {
    self.source = source
    self.target = target
    self.batch = max(1, batch)
  }

  package struct TableCount: Sendable, Equatable {
    package let table: String
    package let source: Int
    package let target: Int
  }

  package enum Failure: Error, Equatable, CustomStringConvertible {
    case targetNotEmpty([String])
    case missingTables([String])
    case countsDiffer([TableCount])

    package var description: String {
      switch self {
      case .targetNotEmpty(let tables):
        "the target database already holds data (\(tables.joined(separator: ", "))): give an empty one"
      case .missingTables(let tables):
        "the target database has no tables \(tables.joined(separator: ", ")): is it an older Sparrow's?"
      case .countsDiffer(let counts):
        "the copy does not match (" + counts.map { "\($0.table): \($0.source) here, \($0.target) there" }
          .joined(separator: "; ") + "); was Sparrow still running on the source?"
      }
    }
  }

  /// `progress` is told the rows copied so far, of how many, and the table being copied.
  package func run(progress: (_ copied: Int, _ total: Int, _ table: String) -> Void) async throws -> [TableCount] {
    let tables = try await source.dataTables()
    let targetTables = try await target.dataTables()
    let missing = tables.filter { !targetTables.contains($0) }
    guard missing.isEmpty else { throw Failure.missingTables(missing) }
    var occupied: [String] = []
    for table in targetTables where try await target.count(table: table) > 0 { occupied.append(table) }
    guard occupied.isEmpty else { throw Failure.targetNotEmpty(occupied) }

    var counts: [String: Int] = [:]
    for table in tables { counts[table] = try await source.count(table: table) }
    let total = counts.values.reduce(0, +)
    var copied = 0
    progress(0, total, tables.first ?? "")
    for table in tables {
      var cursor: TableCursor?
      repeat {
        let read = try await source.rows(table: table, after: cursor, limit: batch)
        if !read.rows.isEmpty { try await target.insert(table: table, columns: read.columns, rows: read.rows) }
        copied += read.rows.count
        progress(copied, total, table)
        cursor = read.next
      } while cursor != nil
    }

    var result: [TableCount] = []
    for table in tables {
      result.append(TableCount(table: table, source: try await source.count(table: table), target: try await target.count(table: table)))
    }
    let differing = result.filter { $0.source != $0.target || $0.source != counts[$0.table] }
    guard differing.isEmpty else { throw Failure.countsDiffer(differing) }
    return result
  }
}
