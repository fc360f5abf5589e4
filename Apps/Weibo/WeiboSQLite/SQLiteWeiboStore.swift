import Foundation
import GRDB
import SparrowStore
import SparrowStoreSQLite
import WeiboStore

/// 微博's statuses, comments, follows, marks and unread counts in the SQLite engine: its own type over the engine's
/// pool and caches. The platform's calls (accounts, apps, pictures) go to the engine (`PlatformPart`), so 微博's code
/// takes one store.
package struct SQLiteWeiboStore: WeiboStore, SQLiteEnginePart, PlatformPart {
  package let engine: SQLiteStore

  package init(_ engine: SQLiteStore) { self.engine = engine }

  var caches: StoreCaches { engine.caches }
  package var statusEvents: StatusEvents { engine.caches.statusEvents }
  var userRows: UserRowCache { engine.caches.userRows }
  var denseFeed: Int { engine.denseFeed }
}

/// The statuses' column list for joins, as `s.id, s.user_id, …`.
let statusColumnsOfS = statusColumns.qualified("s")

extension StatusRecord {
  init(row: Row) {
    let pictureJSON: String = row[7]
    let pictures = PictureList.decode(pictureJSON)
    self.init(
      id: row[0], userID: row[1], text: row[2], appID: row[3], createdAt: date(row[4]), retweetedID: row[5],
      parentID: row[6], pictures: pictures, latitude: row[8], longitude: row[9], visible: row[10])
    repostsCount = row[11]
    commentsCount = row[12]
    attitudesCount = row[13]
  }
}

extension CommentRecord {
  /// A row of `commentColumns`, by position (a lookup by name folds the case of every column's name).
  init(row: Row) {
    self.init(
      id: row[0], statusID: row[1], userID: row[2], text: row[3], appID: row[4], createdAt: date(row[5]),
      replyCommentID: row[6], hiddenByStaff: (row[7] as Int? ?? 0) != 0)
  }
}

extension Mark {
  /// A row of `markColumns`, by position.
  init(row: Row) {
    self.init(id: row[0], userID: row[1], statusID: row[2], createdAt: date(row[3]))
  }
}
