import Foundation

/// The id window and size of one page, as the Weibo paging parameters give it.
package struct Page: Sendable, Equatable {
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
