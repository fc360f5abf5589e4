import Foundation

/// The id window and size of one page, as the Weibo paging parameters give it.
public struct Page: Sendable, Equatable {
  /// Only items with id greater than this (exclusive); 0 for none.
  public var sinceID: Int64
  /// Only items with id at most this (inclusive); 0 for none.
  public var maxID: Int64
  /// Rows to return at most.
  public var count: Int
  /// Rows to skip.
  public var offset: Int

  /// `page` is 1-based and counts in pages of `count`.
  public init(sinceID: Int64 = 0, maxID: Int64 = 0, count: Int = 20, page: Int = 1) {
    self.sinceID = sinceID
    self.maxID = maxID
    self.count = count
    self.offset = (page - 1) * count
  }

  /// The same page with one more row, to learn whether another page follows.
  public var probing: Page {
    var page = self
    page.count += 1
    return page
  }
}

extension Array {
  /// Rows read for a probing page (`Page.probing`, or a limit of `count + 1`), split into the `count` shown
  /// and the first row of the next page, nil at the end: the one "fetch one extra for the cursor" step.
  public func splitPage(_ count: Int) -> (shown: [Element], next: Element?) {
    (Array(prefix(count)), count < self.count ? self[count] : nil)
  }
}

/// One page of a list and the size of the whole list.
public struct FeedPage<Item: Sendable>: Sendable {
  public var items: [Item]
  public var total: Int
  public init(items: [Item], total: Int) {
    self.items = items
    self.total = total
  }
}
