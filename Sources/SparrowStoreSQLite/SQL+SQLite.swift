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
    return (text(placeholders: { _ in "?" }), StatementArguments(arguments))
  }
}
