import PostgresNIO
import SparrowStore
import Synchronization

/// Reads as named prepared statements: each connection parses and plans a statement once, where an unnamed one
/// is parsed and planned on every run. Planning cost PostgreSQL five to ten times the execution of our indexed
/// reads (a web status page's ten statements: 4,000 pages a second prepared against 1,000 unnamed, pgbench on the
/// benchmark database).
///
/// PostgresNIO prepares a statement per connection on first use and keys it by its Swift type
/// (`PostgresPreparedStatement`, whose text is static), so each distinct text (with its parameters' types) is
/// given one of `capacity` slot types, for the process's life; texts past the last slot run unnamed.
enum PreparedStatements {
  static let capacity = Highs.count * Lows.count

  /// The slot of a statement's text and types, given one if free; nil for a text that cannot be prepared, one
  /// given up on, or when every slot is taken.
  static func slot(for key: Key) -> (any PreparedSlot.Type)? {
    guard isPreparable(key.text) else { return nil }
    let index: Int? = registry.withLock { registry in
      if let index = registry.slots[key] { return index }
      guard registry.keys.count < capacity, !registry.refused.contains(key) else { return nil }
      registry.slots[key] = registry.keys.count
      registry.keys.append(key)
      return registry.keys.count - 1
    }
    return index.map { slots[$0] }
  }

  /// Runs `key` unnamed from now on. PostgresNIO keeps a failed preparation for the connection's life (one made
  /// in a transaction already aborted, say), so a statement that failed is not run by its slot again.
  static func refuse(_ key: Key) {
    registry.withLock { registry in
      registry.slots[key] = nil
      registry.refused.insert(key)
    }
  }

  /// The text and parameter types of slot `index` (given before its first use).
  static func key(of index: Int) -> Key { registry.withLock { $0.keys[index] } }

  struct Key: Hashable, Sendable {
    let text: String
    let types: [PostgresDataType]

    init(_ query: PostgresQuery, _ values: [SQL.Value]) {
      text = query.sql
      types = values.map(\.postgresType)
    }
  }

  private static let registry = Mutex<(slots: [Key: Int], keys: [Key], refused: Set<Key>)>(([:], [], []))

  /// Statements a named statement may hold: queries and writes, not utility commands (`BEGIN`, `SET`, DDL).
  private static func isPreparable(_ text: String) -> Bool {
    let head = text.utf8.prefix(while: { $0 != 32 && $0 != 10 && $0 != 40 })
    return ["SELECT", "WITH", "INSERT", "UPDATE", "DELETE", "VALUES"].contains { $0.utf8.elementsEqual(head) }
  }

  /// Every slot's type: `Slot<High, Low>` for each pair of digits.
  private static let slots: [any PreparedSlot.Type] = Highs.flatMap { high in Lows.map { low in slot(high, low) } }

  private static func slot<High: SlotDigit, Low: SlotDigit>(_: High.Type, _: Low.Type) -> any PreparedSlot.Type {
    Slot<High, Low>.self
  }

  private static let Highs: [any SlotDigit.Type] = [D0.self, D1.self, D2.self, D3.self, D4.self, D5.self, D6.self, D7.self,
                                                    D8.self, D9.self, D10.self, D11.self, D12.self, D13.self, D14.self, D15.self]
  private static let Lows: [any SlotDigit.Type] = Highs + [D16.self, D17.self, D18.self, D19.self, D20.self, D21.self,
                                                           D22.self, D23.self, D24.self, D25.self, D26.self, D27.self,
                                                           D28.self, D29.self, D30.self, D31.self]
}

protocol PreparedSlot: PostgresPreparedStatement where Row == PostgresRow {
  init(bindings: PostgresBindings)
}

extension PreparedSlot {
  /// Runs the slot's statement with `bindings` on `connection`: its rows.
  static func rows(on connection: PostgresConnection, _ bindings: PostgresBindings, logger: Logger) async throws
    -> [PostgresRandomAccessRow]
  {
    var rows: [PostgresRandomAccessRow] = []
    for try await row in try await connection.execute(Self(bindings: bindings), logger: logger) {
      rows.append(row.makeRandomAccess())
    }
    return rows
  }
}

/// One slot: its name and text come from the registry by its digits.
struct Slot<High: SlotDigit, Low: SlotDigit>: PreparedSlot {
  typealias Row = PostgresRow
  static var index: Int { High.value * 32 + Low.value }
  static var name: String { "sparrow_\(index)" }
  static var sql: String { PreparedStatements.key(of: index).text }
  static var bindingDataTypes: [PostgresDataType] { PreparedStatements.key(of: index).types }

  let bindings: PostgresBindings
  init(bindings: PostgresBindings) { self.bindings = bindings }
  func makeBindings() throws -> PostgresBindings { bindings }
  func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}

protocol SlotDigit: Sendable { static var value: Int { get } }
enum D0: SlotDigit { static let value = 0 }
enum D1: SlotDigit { static let value = 1 }
enum D2: SlotDigit { static let value = 2 }
enum D3: SlotDigit { static let value = 3 }
enum D4: SlotDigit { static let value = 4 }
enum D5: SlotDigit { static let value = 5 }
enum D6: SlotDigit { static let value = 6 }
enum D7: SlotDigit { static let value = 7 }
enum D8: SlotDigit { static let value = 8 }
enum D9: SlotDigit { static let value = 9 }
enum D10: SlotDigit { static let value = 10 }
enum D11: SlotDigit { static let value = 11 }
enum D12: SlotDigit { static let value = 12 }
enum D13: SlotDigit { static let value = 13 }
enum D14: SlotDigit { static let value = 14 }
enum D15: SlotDigit { static let value = 15 }
enum D16: SlotDigit { static let value = 16 }
enum D17: SlotDigit { static let value = 17 }
enum D18: SlotDigit { static let value = 18 }
enum D19: SlotDigit { static let value = 19 }
enum D20: SlotDigit { static let value = 20 }
enum D21: SlotDigit { static let value = 21 }
enum D22: SlotDigit { static let value = 22 }
enum D23: SlotDigit { static let value = 23 }
enum D24: SlotDigit { static let value = 24 }
enum D25: SlotDigit { static let value = 25 }
enum D26: SlotDigit { static let value = 26 }
enum D27: SlotDigit { static let value = 27 }
enum D28: SlotDigit { static let value = 28 }
enum D29: SlotDigit { static let value = 29 }
enum D30: SlotDigit { static let value = 30 }
enum D31: SlotDigit { static let value = 31 }

extension SQL.Value {
  /// The parameter type a statement is prepared with.
  var postgresType: PostgresDataType {
    switch self {
    case .int: .int8
    case .text: .text
    case .double: .float8
    case .ints: .int8Array
    case .texts: .textArray
    }
  }
}
