import GRDB
import SparrowStore

extension SparrowStore.SQL {
  /// The statement as GRDB runs it: `?` in place of each value. A list binds as one JSON array, the way this
  /// engine passes lists (`json_each(?)`).
  package var sqlite: (String, StatementArguments) {
    var arguments: [(any DatabaseValueConvertible)?] = []
    arguments.reserveCapacity(values.count)
    for value in values {
      switch value {
      case .int(let v): arguments.append(v)
      case .text(let v): arguments.append(v)
      case .double(let v): arguments.append(v)
      case .ints(let v): arguments.append(jsonList(v))
      case .texts(let v): arguments.append(jsonList(v))
      }
    }
    return (textWithQuestionMarks, StatementArguments(arguments))
  }
}

extension Database {
  /// Runs a statement written once for both engines (`SQL`); returns how many rows it changed.
  @discardableResult
  package func execute(_ sql: SparrowStore.SQL) throws -> Int {
    let (text, arguments) = sql.sqlite
    try cachedStatement(sql: text).execute(arguments: arguments)
    return changesCount
  }
}

extension Database {
  /// Whether a statement written once for both engines finds a row.
  package func exists(_ sql: SparrowStore.SQL) throws -> Bool {
    let (text, arguments) = sql.sqlite
    return try Row.fetchOne(cachedStatement(sql: text), arguments: arguments) != nil
  }
}
