import Foundation

/// A feed of at least this many statuses is dense: SQLite finds its page by walking ids newest first and checking
/// each status, where gathering its authors' statuses and sorting them reads thousands (`SQLiteStore.denseFeed`'s
/// default; tests build a dense feed with it).
package let denseFeedSize = 2000

/// The id window and size of one page, as the Weibo paging parameters give it.
package struct Page: Sendable, Hashable {
  /// Only items with id greater than this (exclusive); 0 for none.
  package var sinceID: Int64
  /// Only items with id at most this (inclusive); 0 for none.
  package var maxID: Int64
  /// Rows to return at most.
  package var count: Int
  /// Rows to skip.
  package var offset: Int

  /// `page` is 1-based and counts in pages of `count`.
  package init(sinceID: Int64 = 0, maxID: Int64 = 0, count: Int = 20, page: Int = 1) {
    self.sinceID = sinceID
    self.maxID = maxID
    self.count = count
    self.offset = (page - 1) * count
  }

  /// The same page with one more row, to learn whether another page follows.
  package var probing: Page {
    var page = self
    page.count += 1
    return page
  }
}

extension Array {
  /// Rows read for a probing page (`Page.probing`, or a limit of `count + 1`), split into the `count` shown
  /// and the first row of the next page, nil at the end: the one "fetch one extra for the cursor" step.
  package func splitPage(_ count: Int) -> (shown: [Element], next: Element?) {
    (Array(prefix(count)), count < self.count ? self[count] : nil)
  }
}

/// One page of a list and the size of the whole list.
package struct FeedPage<Item: Sendable>: Sendable {
  package var items: [Item]
  package var total: Int
  package init(items: [Item], total: Int) {
    self.items = items
    self.total = total
  }
}

/// `LIMIT` for at least `rows` rows; a caller that needs exactly `rows` keeps the first `rows` it reads. A small
/// number is written into the statement's text, not bound: PostgreSQL plans a prepared statement's LIMIT parameter
/// for a tenth of all the rows, so its generic plan never looked as cheap as a custom one and every run was planned
/// again (a timeline page's statement: 1.3 ms planning for 0.3 ms running). Rounded up to one more than a multiple
/// of ten (20 and 50 a page, and one to probe, read exactly), so that clients' counts make a few texts (each is a
/// prepared statement for the process's life), not one each.
package func rowLimit(_ rows: Int) -> SQL {
  guard rows > 0, rows <= literalLimitCap else { return "LIMIT \(rows)" }
  return "LIMIT \(raw: String((rows + 8) / 10 * 10 + 1))"
}

/// The largest `rowLimit` written into a statement's text.
private let literalLimitCap = 201

/// `LIMIT rows OFFSET offset` (`rowLimit`: keep the first `rows` rows read). An offset stays bound, and with it the
/// limit: it takes any value.
package func rowLimit(_ rows: Int, offset: Int) -> SQL {
  offset == 0 ? rowLimit(rows) : "LIMIT \(rows) OFFSET \(offset)"
}

extension Page {
  /// This page's `LIMIT … OFFSET …` (`rowLimit(_:offset:)`: keep the first `count` rows read).
  package var limitClause: SQL { rowLimit(count, offset: offset) }
}
