import SparrowStore

/// Everything the 微博 app keeps, on top of the platform's stores. Every write is one transaction: it
/// happens whole, with its counters, or not at all.
package typealias WeiboStore = PlatformStore & StatusStore & CommentStore & RelationStore & MarkStore & UnreadStore
  & WeiboBulkStore & ClientStateStore
