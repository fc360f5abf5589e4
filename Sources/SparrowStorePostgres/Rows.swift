import Foundation
import PostgresNIO
import SparrowStore

/// Column lists of this engine's own reads, in the order the row initialisers read them (by position); those
/// both engines read are in `SparrowStore`.
let appColumns = "id, client_id, secret_hash, name, url, redirect_uri, first_party, public, created_at, scopes"
let grantColumns = "hash, kind, user_id, app_id, redirect_uri, created_at, expires_at, origin, challenge, scopes"
let pictureColumns = "id, ext, width, height, frames, bytes, blurhash"

extension PostgresRandomAccessRow {
  package func int(_ i: Int) throws -> Int { try self[i].decode(Int.self) }
  package func int64(_ i: Int) throws -> Int64 { try self[i].decode(Int64.self) }
  package func optionalInt64(_ i: Int) throws -> Int64? { try self[i].decode(Int64?.self) }
  package func string(_ i: Int) throws -> String { try self[i].decode(String.self) }
  package func optionalString(_ i: Int) throws -> String? { try self[i].decode(String?.self) }
  package func optionalDouble(_ i: Int) throws -> Double? { try self[i].decode(Double?.self) }
  package func date(_ i: Int) throws -> Date { SparrowStore.date(try int64(i)) }
}

extension UserRecord {
  init(row: PostgresRandomAccessRow) throws {
    self.init(
      id: try row.int64(0), screenName: try row.string(1), passwordHash: try row.string(2),
      description: try row.string(3), location: try row.string(4), gender: try row.string(5), url: try row.string(6),
      avatar: try row.optionalString(7), verifiedType: try row.int(8), verifiedReason: try row.string(9),
      mbtype: try row.int(10), mbrank: try row.int(11), createdAt: try row.date(12))
    followersCount = try row.int(13)
    friendsCount = try row.int(14)
    allStatusesCount = try row.int(15)
    favouritesCount = try row.int(16)
    biFollowersCount = try row.int(17)
    privateStatusesCount = try row.int(18)
    profileHidden = try row.int(19) != 0
  }
}

extension AppRecord {
  init(row: PostgresRandomAccessRow) throws {
    self.init(
      id: try row.int64(0), clientID: try row.string(1), secretHash: try row.string(2), name: try row.string(3),
      url: try row.string(4), redirectURI: try row.string(5), firstParty: try row.int(6) != 0,
      isPublic: try row.int(7) != 0, scopes: ScopeList.names(try row.string(9)), createdAt: try row.date(8))
  }
}

extension GrantRecord {
  init(row: PostgresRandomAccessRow) throws {
    self.init(
      hash: try row.string(0), kind: Kind(rawValue: try row.string(1)) ?? .access, userID: try row.int64(2),
      appID: try row.int64(3), redirectURI: try row.string(4), createdAt: try row.date(5), expiresAt: try row.date(6),
      origin: try row.optionalString(7), challenge: try row.optionalString(8), scopes: ScopeList.names(try row.string(9)))
  }
}

extension PictureRef {
  init(row: PostgresRandomAccessRow) throws {
    self.init(id: try row.string(0), ext: try row.string(1), width: try row.int(2), height: try row.int(3),
              frames: try row.int(4), bytes: try row.int(5), blurhash: try row.optionalString(6))
  }
}
