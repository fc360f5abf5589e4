/// What each kind of write drops, named once for both engines (their write sites say which write they are, not
/// which caches to drop). The cases of `CacheInvalidation` stay the wire form between instances.
extension CacheInvalidation {
  /// A follow or an unfollow: both people's rows (their counts), the follower's follow list and home feed, and both
  /// people's relations.
  package static func follow(follower: Int64, followee: Int64) -> Self {
    .userRows(users: [follower, followee], followeesOf: [follower], relationsOf: [follower, followee])
  }

  /// A favourite added or removed by `user`: their row (the favourites count) and their marks.
  package static func favorite(by user: Int64) -> Self { .userRows(users: [user], relationsOf: [user]) }

  /// A like of `status` (by `owner`; nil when the write did not get as far as learning it) added or removed by
  /// `user`: their marks, the status's row (its count) and the owner's unread likes.
  package static func like(by user: Int64, of status: Int64, owner: Int64?) -> Self {
    .several([.userRows(relationsOf: [user]), .statuses(changed: [status]), .unread(users: owner.map { [$0] })])
  }

  /// Comments posted, removed, hidden or shown on `statuses`: their rows (the comment counts), and the unread
  /// counts of those they `reach` (`WeiboSQL.commentReach`; nil when the write did not get as far as learning it).
  package static func comments(on statuses: [Int64], reaching reach: [Int64]?) -> Self {
    .several([.statuses(changed: statuses), .unread(users: reach)])
  }

  /// An account suspended or its suspension lifted: its grants (when suspended), and everything cached that shows
  /// or hides its content (each reader's relations, home feeds, rows), since a suspended account is kept apart from
  /// everyone (`Blocking`). Rare, so dropping all is the simple way.
  package static func suspension(of user: Int64, suspended: Bool) -> Self {
    suspended ? .several([.grantsOf(userID: user), .everything]) : .everything
  }

  /// A person's profile changed.
  package static func profile(of user: Int64) -> Self { .userRows(users: [user]) }
}
