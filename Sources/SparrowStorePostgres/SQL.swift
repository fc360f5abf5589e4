import Foundation
import NIOCore
import PostgresNIO
import SparrowStore
import Synchronization

extension SQL {
  /// The statement as PostgresNIO sends it: `$1`, `$2`, … in place of the placeholders.
  package var query: PostgresQuery {
    let sql = text(placeholders: { "$\($0)" })
    var binds = PostgresBindings(capacity: values.count)
    for value in values {
      switch value {
      case .int(let v): binds.append(v)
      case .text(let v): binds.append(v)
      case .double(let v): binds.append(v)
      case .ints(let v): binds.append(PackedArray(ints: v))
      case .texts(let v): binds.append(PackedArray(texts: v))
      }
    }
    return PostgresQuery(unsafeSQL: sql, binds: binds)
  }
}

extension SQL.Interpolation {
  /// `ANY(…)` of `values`, for `column = \(any: values)`: the one way a list is matched here. PostgreSQL costs a
  /// bound array at ten elements, a custom plan at its real length, so a statement run with fewer was planned again
  /// on every run (its generic plan "dearer"; 0.2–0.5 ms of planning for 0.05 of reading: a shop's deals, a
  /// viewer's ties, a page's comments). A shorter list is bound padded to ten with its last value, which matches
  /// the same rows, and the generic plan is kept.
  package mutating func appendInterpolation(any values: [Int64]) { matchAny(.ints(SQL.padded(values))) }
  package mutating func appendInterpolation(any values: [String]) { matchAny(.texts(SQL.padded(values))) }

  private mutating func matchAny(_ value: SQL.Value) {
    appendLiteral("ANY(")
    bind(value)
    appendLiteral(")")
  }
}

extension SQL {
  /// `values` with its last repeated up to the ten elements PostgreSQL assumes of a bound array.
  static func padded<Value>(_ values: [Value]) -> [Value] {
    guard let last = values.last, values.count < 10 else { return values }
    return values + repeatElement(last, count: 10 - values.count)
  }
}

/// An `int8[]` or `text[]` value in PostgreSQL's binary array format, built in one buffer and written at once:
/// PostgresNIO writes an array element by element through `ByteBuffer`, which costs microseconds an element in a
/// debug build (tests, and a demo's bulk import of some 600,000 values, spent seconds there).
struct PackedArray: PostgresDynamicTypeEncodable {
  let psqlType: PostgresDataType
  var psqlFormat: PostgresFormat { .binary }
  private let bytes: [UInt8]

  init(ints: [Int64]) {
    var bytes = Self.header(element: .int8, count: ints.count)
    bytes.reserveCapacity(bytes.count + ints.count * 12)
    for value in ints {
      Self.append(Int32(8), to: &bytes)
      Self.append(value, to: &bytes)
    }
    (psqlType, self.bytes) = (.int8Array, bytes)
  }

  init(texts: [String]) {
    var bytes = Self.header(element: .text, count: texts.count)
    for var value in texts {
      value.withUTF8 { utf8 in
        Self.append(Int32(utf8.count), to: &bytes)
        bytes.append(contentsOf: utf8)
      }
    }
    (psqlType, self.bytes) = (.textArray, bytes)
  }

  func encode<JSONEncoder: PostgresJSONEncoder>(into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
    byteBuffer.writeBytes(bytes)
  }

  /// Dimensions (none when empty, as PostgreSQL writes an empty array), no NULLs, the element type, then the one
  /// dimension's length and lower bound.
  private static func header(element: PostgresDataType, count: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    append(Int32(count == 0 ? 0 : 1), to: &bytes)
    append(Int32(0), to: &bytes)
    append(element.rawValue, to: &bytes)
    if count > 0 {
      append(Int32(count), to: &bytes)
      append(Int32(1), to: &bytes)
    }
    return bytes
  }

  private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
  }
}

/// The distinct statements a store has run, each with the values of its first run and how many times it ran, when
/// the store keeps them (the query-plan tests explain them with those values: PostgreSQL 15 cannot plan a statement
/// without them; tests of round trips count them).
package final class StatementLog: Sendable {
  private let statements = Mutex<[String: (sql: SQL, runs: Int)]>([:])

  package init() {}

  func add(_ sql: SQL) {
    let text = sql.text(placeholders: { "$\($0)" })
    statements.withLock { statements in
      if let seen = statements[text] { statements[text] = (seen.sql, seen.runs + 1) } else { statements[text] = (sql, 1) }
    }
  }

  /// Each statement's text (as sent) and the statement.
  package var seen: [String: SQL] { statements.withLock { $0.mapValues(\.sql) } }

  /// How many times the statements whose text contains `part` ran.
  package func runs(containing part: String) -> Int {
    statements.withLock { $0.filter { $0.key.contains(part) }.reduce(0) { $0 + $1.value.runs } }
  }
}

/// One connection leased from the pool, inside a transaction or not.
package struct Connection: Sendable {
  let connection: PostgresConnection
  let logger: Logger
  var log: StatementLog? = nil

  /// Runs `sql`; its rows and how many rows it changed.
  @discardableResult
  package func run(_ sql: SQL) async throws -> (rows: [PostgresRandomAccessRow], changed: Int) {
    try checkOpen()
    log?.add(sql)
    let result = try await connection.query(sql.query, logger: logger).get()
    return (result.rows.map { $0.makeRandomAccess() }, result.metadata.rows ?? 0)
  }

  /// The rows of `sql`, run as a prepared statement when it can be (`PreparedStatements`).
  package func rows(_ sql: SQL) async throws -> [PostgresRandomAccessRow] {
    let query = sql.query
    let key = PreparedStatements.Key(query, sql.values)
    guard let slot = PreparedStatements.slot(for: key) else { return try await run(sql).rows }
    try checkOpen()
    log?.add(sql)
    do {
      return try await slot.rows(on: connection, query.binds, logger: logger)
    } catch {
      PreparedStatements.refuse(key)
      throw error
    }
  }

  /// Fails at once on a connection already closed (its session ended by the server, say): PostgresNIO 1.33 writes a
  /// statement to a closed channel without ever answering it, and the read waited for ever. The statements run on
  /// the connection's event loop (`ConnectionExecutor`), where it cannot close between this check and the write.
  private func checkOpen() throws {
    if connection.isClosed { throw ChannelError.ioOnClosedChannel }
  }

  /// How many rows `sql` changed.
  @discardableResult
  package func execute(_ sql: SQL) async throws -> Int { try await run(sql).changed }

  /// The first column of the first row, if any (not NULL: use `rows` for a nullable one).
  package func value<T: PostgresDecodable>(_ sql: SQL, as type: T.Type = T.self) async throws -> T? {
    guard let row = try await rows(sql).first else { return nil }
    return try row[0].decode(T.self)
  }

  /// The first column of every row.
  package func column<T: PostgresDecodable>(_ sql: SQL, as type: T.Type = T.self) async throws -> [T] {
    try await rows(sql).map { try $0[0].decode(T.self) }
  }

  package func exists(_ sql: SQL) async throws -> Bool { try await !rows(sql).isEmpty }

  /// `page`'s rows and the number `total` counts, in one statement (one round trip, one snapshot). A join keeps no
  /// order, so the rows are put in `order` again (by the page's own columns). The count's row is there when the
  /// page is empty, the page's columns null: its first column must be one that never is (an id). The count is
  /// the rows' last column.
  package func page(_ page: SQL, total: SQL, order: String) async throws -> (rows: [PostgresRandomAccessRow], total: Int) {
    let (rows, counted) = try await self.page(page, counted: total, width: 1, order: order)
    return (rows, Int(counted.first ?? 0))
  }

  /// `page`'s rows with the row of `counted`, its `width` integer columns (a count, and what else is read in the
  /// same snapshot), as above; the counted columns are the rows' last.
  package func page(_ page: SQL, counted: SQL, width: Int, order: String) async throws
    -> (rows: [PostgresRandomAccessRow], counted: [Int64])
  {
    let names = (0..<width).map { "counted_\($0)" }.joined(separator: ", ")
    let found = try await rows("""
      SELECT listed.*, counted.* FROM (\(sql: counted)) AS counted (\(raw: names))
      LEFT JOIN (\(sql: page)) AS listed ON true ORDER BY \(raw: order)
      """)
    let values = try found.first.map { row in try (row.count - width..<row.count).map { try row.int64($0) } } ?? []
    return (try found.filter { try $0.optionalInt64(0) != nil }, values)
  }
}
