import Foundation

/// `/2/users/*`.
public enum Users {
  /// A user with their latest status.
  public static func show(_ user: UserRef) -> Endpoint<User> {
    Endpoint(path: "2/users/show.json", query: user.parameters())
  }

  /// Follower, friend and status counts of up to 100 users.
  public static func counts(uids: [Int64]) -> Endpoint<[UserCounts]> {
    Endpoint(path: "2/users/counts.json", query: ["uids": Parameters.ids(uids)])
  }
}

/// `/2/account/*`.
public enum Accounts {
  /// The caller's user id.
  public static func getUID() -> Endpoint<AccountUID> {
    Endpoint(path: "2/account/get_uid.json")
  }

  /// This hour's rate limits and what is left of them (not itself counted).
  public static func rateLimitStatus() -> Endpoint<RateLimitStatus> {
    Endpoint(path: "2/account/rate_limit_status.json")
  }
}

/// `/2/friendships/*`.
public enum Friendships {
  /// Whom `user` follows (the caller by default), newest first.
  public static func friends(_ user: UserRef? = nil, count: Int? = nil, cursor: Int64? = nil) -> Endpoint<UserList> {
    Endpoint(path: "2/friendships/friends.json", query: listQuery(user, count, cursor))
  }

  /// Who follows `user`.
  public static func followers(_ user: UserRef? = nil, count: Int? = nil, cursor: Int64? = nil) -> Endpoint<UserList> {
    Endpoint(path: "2/friendships/followers.json", query: listQuery(user, count, cursor))
  }

  /// Ids of whom `user` follows.
  public static func friendIDs(_ user: UserRef? = nil, count: Int? = nil, cursor: Int64? = nil) -> Endpoint<IDList> {
    Endpoint(path: "2/friendships/friends/ids.json", query: listQuery(user, count, cursor))
  }

  /// Ids of who follows `user`.
  public static func followerIDs(_ user: UserRef? = nil, count: Int? = nil, cursor: Int64? = nil) -> Endpoint<IDList> {
    Endpoint(path: "2/friendships/followers/ids.json", query: listQuery(user, count, cursor))
  }

  /// How `source` (the caller by default) and `target` follow each other.
  public static func show(target: UserRef, source: UserRef? = nil) -> Endpoint<Relationship> {
    let query = target.parameters(idKey: "target_id", nameKey: "target_screen_name")
      .merging(source?.parameters(idKey: "source_id", nameKey: "source_screen_name") ?? [:]) { $1 }
    return Endpoint(path: "2/friendships/show.json", query: query)
  }

  /// Follows `user`; answers the user.
  public static func create(_ user: UserRef) -> Endpoint<User> {
    Endpoint(method: .post, path: "2/friendships/create.json", form: user.parameters())
  }

  /// Unfollows `user`; answers the user.
  public static func destroy(_ user: UserRef) -> Endpoint<User> {
    Endpoint(method: .post, path: "2/friendships/destroy.json", form: user.parameters())
  }

  private static func listQuery(_ user: UserRef?, _ count: Int?, _ cursor: Int64?) -> [String: String] {
    Parameters.make(["count": count.map(String.init), "cursor": cursor.map(String.init)], user?.parameters() ?? [:])
  }
}
