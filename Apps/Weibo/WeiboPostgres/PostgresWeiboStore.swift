import Foundation
import PostgresNIO
import SparrowStore
import SparrowStorePostgres
import WeiboStore

/// 微博's statuses, comments, follows, marks and unread counts in the PostgreSQL engine: its own type over the
/// engine's pool, replicas and caches. The platform's calls (accounts, apps, pictures) go to the engine
/// (`PlatformPart`), so 微博's code takes one store.
package struct PostgresWeiboStore: WeiboStore, PostgresEnginePart, PlatformPart {
  package let engine: PostgresStore

  package init(_ engine: PostgresStore) { self.engine = engine }

  package var statusEvents: StatusEvents { engine.caches.statusEvents }
}

extension StatusRecord {
  init(row: PostgresRandomAccessRow) throws {
    let pictureJSON = try row.string(7)
    let pictures = PictureList.decode(pictureJSON)
    self.init(
      id: try row.int64(0), userID: try row.int64(1), text: try row.string(2), appID: try row.int64(3),
      createdAt: try row.date(4), retweetedID: try row.optionalInt64(5), parentID: try row.optionalInt64(6),
      pictures: pictures, latitude: try row.optionalDouble(8), longitude: try row.optionalDouble(9),
      visible: try row.int(10))
    repostsCount = try row.int(11)
    commentsCount = try row.int(12)
    attitudesCount = try row.int(13)
  }
}

extension CommentRecord {
  init(row: PostgresRandomAccessRow) throws {
    self.init(
      id: try row.int64(0), statusID: try row.int64(1), userID: try row.int64(2), text: try row.string(3),
      appID: try row.int64(4), createdAt: try row.date(5), replyCommentID: try row.optionalInt64(6),
      hiddenByStaff: try row.int(7) != 0)
  }
}

extension Mark {
  init(row: PostgresRandomAccessRow) throws {
    self.init(id: try row.int64(0), userID: try row.int64(1), statusID: try row.int64(2), createdAt: try row.date(3))
  }
}
