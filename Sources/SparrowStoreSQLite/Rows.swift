import Foundation
import GRDB
import SparrowCore
import SparrowStore

/// Rows decoded as the statement steps, each read in place: `Row.fetchAll` copies every row first, and on
/// the hot reads (a page of statuses, their authors) the copies cost more than the query.
package func decodeRows<T>(_ statement: Statement, _ arguments: StatementArguments, _ decode: (Row) -> T) throws -> [T] {
  var result: [T] = []
  let rows = try Row.fetchCursor(statement, arguments: arguments)
  while let row = try rows.next() { result.append(decode(row)) }
  return result
}

/// A JSON array of values, for `IN (SELECT value FROM json_each(?))`: one parameter whatever the count.
/// Lookups by id join it instead (`json_each(?) j CROSS JOIN t ON t.id = j.value`, CROSS JOIN keeping the list
/// outside): one index search per id, where `IN` first builds, sorts and frees a temporary b-tree.
package func jsonList(_ values: [Int64]) -> String {
  var bytes: [UInt8] = []
  bytes.reserveCapacity(values.count * 20 + 2)
  bytes.append(UInt8(ascii: "["))
  for (index, value) in values.enumerated() {
    if index > 0 { bytes.append(UInt8(ascii: ",")) }
    bytes.append(contentsOf: String(value).utf8)
  }
  bytes.append(UInt8(ascii: "]"))
  return String(decoding: bytes, as: UTF8.self)
}
package func jsonList<T: CustomStringConvertible>(_ values: [T]) -> String {
  if let strings = values as? [String] {
    // The API's JSON writer: Foundation's serialization was a twentieth of a search by categories.
    var out = JSONOutput(capacity: strings.reduce(2) { $0 + $1.utf8.count + 3 })
    out.array(strings) { out, string in out.string(string) }
    return String(decoding: out.bytes, as: UTF8.self)
  }
  return "[" + values.map(\.description).joined(separator: ",") + "]"
}
extension SearchBigrams {
  /// The SQL that makes `name`, an FTS5 table of the pairs of `table`'s rows (`grams(row)`: a row's pairs as SQL,
  /// `row` being `new`, `old` or the table): an app's migration (`contentlessIndex`).
  package static func sqliteTable(_ name: String, of table: String, updatedBy columns: [String],
                                  grams: (String) -> String, when: ((String) -> String)? = nil) -> String
  {
    contentlessIndex(name, column: "grams", options: "detail=none", of: table, updatedBy: columns, indexing: grams,
                     when: when)
  }
}

/// The SQL that makes `name`, a contentless FTS5 table with one `column` (and `options`) holding `indexing(row)` of
/// each of `table`'s rows, `row` being `new`, `old` or the table; with `when`, of the rows where `when(row)` holds
/// only (a search of public statuses then counts its matches from the index alone). Triggers keep it in step (a
/// row's update of `columns` moves it), and it is filled from the rows there are: an app's migration. A
/// contentless table deletes a row by the values it indexed, so a row is taken out only where it was put in.
package func contentlessIndex(
  _ name: String, column: String, options: String, of table: String, updatedBy columns: [String],
  indexing: (String) -> String, when: ((String) -> String)? = nil
) -> String {
  guard let when else {
    return """
      CREATE VIRTUAL TABLE \(name) USING fts5(\(column), content='', \(options));
      CREATE TRIGGER \(name)_insert AFTER INSERT ON \(table) BEGIN
        INSERT INTO \(name) (rowid, \(column)) VALUES (new.id, \(indexing("new")));
      END;
      CREATE TRIGGER \(name)_delete AFTER DELETE ON \(table) BEGIN
        INSERT INTO \(name) (\(name), rowid, \(column)) VALUES ('delete', old.id, \(indexing("old")));
      END;
      CREATE TRIGGER \(name)_update AFTER UPDATE OF \(columns.joined(separator: ", ")) ON \(table) BEGIN
        INSERT INTO \(name) (\(name), rowid, \(column)) VALUES ('delete', old.id, \(indexing("old")));
        INSERT INTO \(name) (rowid, \(column)) VALUES (new.id, \(indexing("new")));
      END;
      INSERT INTO \(name) (rowid, \(column)) SELECT id, \(indexing(table)) FROM \(table);
      """
  }
  return """
    CREATE VIRTUAL TABLE \(name) USING fts5(\(column), content='', \(options));
    CREATE TRIGGER \(name)_insert AFTER INSERT ON \(table) WHEN \(when("new")) BEGIN
      INSERT INTO \(name) (rowid, \(column)) VALUES (new.id, \(indexing("new")));
    END;
    CREATE TRIGGER \(name)_delete AFTER DELETE ON \(table) WHEN \(when("old")) BEGIN
      INSERT INTO \(name) (\(name), rowid, \(column)) VALUES ('delete', old.id, \(indexing("old")));
    END;
    CREATE TRIGGER \(name)_update AFTER UPDATE OF \(columns.joined(separator: ", ")) ON \(table) BEGIN
      INSERT INTO \(name) (\(name), rowid, \(column)) SELECT 'delete', old.id, \(indexing("old")) WHERE \(when("old"));
      INSERT INTO \(name) (rowid, \(column)) SELECT new.id, \(indexing("new")) WHERE \(when("new"));
    END;
    INSERT INTO \(name) (rowid, \(column)) SELECT id, \(indexing(table)) FROM \(table) WHERE \(when(table));
    """
}

/// `words` as one FTS5 phrase (a substring, for the trigram tokenizer).
package func ftsPhrase(_ words: String) -> String {
  "\"" + words.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}

extension SQLiteStore {
  /// Screen names containing `key` (three or more characters, by the trigram index), or beginning with it
  /// (shorter keys, by the name index).
  static func nameMatch(_ key: String) -> (String, StatementArguments) {
    key.unicodeScalars.count >= trigram
      ? ("id IN (SELECT rowid FROM user_search WHERE user_search MATCH ?)", [ftsPhrase(key)])
      : ("screen_name_key >= ? AND screen_name_key < ?", [key, key + "\u{10FFFF}"])
  }
}

/// The users' column list for joins, as `u.id, u.screen_name, …`.
package let userColumnsOfU = userColumns.qualified("u")

extension UserRecord {
  init(row: Row) {
    self.init(
      id: row[0], screenName: row[1], passwordHash: row[2], description: row[3], location: row[4], gender: row[5],
      url: row[6], avatar: row[7], verifiedType: row[8], verifiedReason: row[9], mbtype: row[10], mbrank: row[11],
      createdAt: date(row[12]))
    followersCount = row[13]
    friendsCount = row[14]
    allStatusesCount = row[15]
    favouritesCount = row[16]
    biFollowersCount = row[17]
    privateStatusesCount = row[18]
    profileHidden = (row[19] as Int) != 0
  }
}

extension PictureRef {
  init(row: Row) {
    self.init(id: row["id"], ext: row["ext"], width: row["width"], height: row["height"], frames: row["frames"],
              bytes: row["bytes"], blurhash: row.hasColumn("blurhash") ? row["blurhash"] : nil)
  }
}

extension AppRecord {
  init(row: Row) {
    self.init(
      id: row["id"], clientID: row["client_id"], secretHash: row["secret_hash"], name: row["name"], url: row["url"],
      redirectURI: row["redirect_uri"], firstParty: (row["first_party"] as Int) != 0,
      isPublic: (row["public"] as Int) != 0, scopes: ScopeList.names(row["scopes"]), createdAt: date(row["created_at"]))
  }
}

extension GrantRecord {
  init(row: Row) {
    self.init(
      hash: row["hash"], kind: Kind(rawValue: row["kind"]) ?? .access, userID: row["user_id"], appID: row["app_id"],
      redirectURI: row["redirect_uri"], createdAt: date(row["created_at"]), expiresAt: date(row["expires_at"]),
      origin: row["origin"], challenge: row["challenge"], scopes: ScopeList.names(row["scopes"]))
  }
}
