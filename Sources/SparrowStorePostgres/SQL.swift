import Foundation
import PostgresNIO

/// A statement with its values, composable with `+`: each interpolated value becomes a placeholder numbered
/// when the statement is sent, so conditions built apart (feeds, paging windows) join without renumbering.
/// `\(sql:)` splices another statement's text and values; `\(raw:)` splices SQL text (column lists, fixed fragments); never a value from outside.
struct SQL: ExpressibleByStringInterpolation, Sendable {
  /// The text, with `placeholder` where each value goes.
  var text: String
  var values: [Value]

  /// A bound value; `nil` binds NULL.
  enum Value: Sendable {
    case int(Int64?)
    case text(String?)
    case double(Double?)
    case ints([Int64])
    case texts([String])
  }

  static let placeholder: Character = "\u{1}"

  init(stringLiteral value: String) {
    text = value
    values = []
  }

  init(stringInterpolation: Interpolation) {
    text = stringInterpolation.text
    values = stringInterpolation.values
  }

  struct Interpolation: StringInterpolationProtocol {
    var text = ""
    var values: [Value] = []
    init(literalCapacity: Int, interpolationCount: Int) { text.reserveCapacity(literalCapacity + interpolationCount * 2) }
    mutating func appendLiteral(_ literal: String) { text += literal }
    mutating func appendInterpolation(raw: String) { text += raw }
    mutating func appendInterpolation(sql: SQL) {
      text += sql.text
      values += sql.values
    }
    mutating func appendInterpolation(_ value: Value) { bind(value) }
    mutating func appendInterpolation(_ value: Int64?) { bind(.int(value)) }
    mutating func appendInterpolation(_ value: Int?) { bind(.int(value.map(Int64.init))) }
    mutating func appendInterpolation(_ value: String?) { bind(.text(value)) }
    mutating func appendInterpolation(_ value: Double?) { bind(.double(value)) }
    mutating func appendInterpolation(_ value: [Int64]) { bind(.ints(value)) }
    mutating func appendInterpolation(_ value: [String]) { bind(.texts(value)) }
    mutating func bind(_ value: Value) {
      text.append(SQL.placeholder)
      values.append(value)
    }
  }

  static func + (a: SQL, b: SQL) -> SQL {
    var joined = a
    joined.text += b.text
    joined.values += b.values
    return joined
  }

  static func += (a: inout SQL, b: SQL) { a = a + b }

  /// The statement as PostgresNIO sends it: `$1`, `$2`, … in place of the placeholders.
  var query: PostgresQuery {
    var sql = ""
    sql.reserveCapacity(text.utf8.count + values.count * 2)
    var number = 0
    for character in text {
      if character == Self.placeholder {
        number += 1
        sql += "$\(number)"
      } else {
        sql.append(character)
      }
    }
    var binds = PostgresBindings(capacity: values.count)
    for value in values {
      switch value {
      case .int(let v): binds.append(v)
      case .text(let v): binds.append(v)
      case .double(let v): binds.append(v)
      case .ints(let v): binds.append(v)
      case .texts(let v): binds.append(v)
      }
    }
    return PostgresQuery(unsafeSQL: sql, binds: binds)
  }
}

/// One connection leased from the pool, inside a transaction or not.
struct Connection: Sendable {
  let connection: PostgresConnection
  let logger: Logger

  /// Runs `sql`; its rows and how many rows it changed.
  @discardableResult
  func run(_ sql: SQL) async throws -> (rows: [PostgresRandomAccessRow], changed: Int) {
    let result = try await connection.query(sql.query, logger: logger).get()
    return (result.rows.map { $0.makeRandomAccess() }, result.metadata.rows ?? 0)
  }

  func rows(_ sql: SQL) async throws -> [PostgresRandomAccessRow] { try await run(sql).rows }

  /// How many rows `sql` changed.
  @discardableResult
  func execute(_ sql: SQL) async throws -> Int { try await run(sql).changed }

  /// The first column of the first row, if any (not NULL: use `rows` for a nullable one).
  func value<T: PostgresDecodable>(_ sql: SQL, as type: T.Type = T.self) async throws -> T? {
    guard let row = try await rows(sql).first else { return nil }
    return try row[0].decode(T.self)
  }

  /// The first column of every row.
  func column<T: PostgresDecodable>(_ sql: SQL, as type: T.Type = T.self) async throws -> [T] {
    try await rows(sql).map { try $0[0].decode(T.self) }
  }

  func exists(_ sql: SQL) async throws -> Bool { try await !rows(sql).isEmpty }
}
