import Foundation

/// `/2/comments/*`.
public enum Comments {
  /// Comments on status `id`.
  public static func show(
    id: Int64, sinceID: Int64? = nil, maxID: Int64? = nil, count: Int? = nil, page: Int? = nil,
    filterByAuthor: Int? = nil
  ) -> Endpoint<CommentList> {
    var pairs = Parameters.paging(sinceID: sinceID, maxID: maxID, count: count, page: page)
    pairs["filter_by_author"] = filterByAuthor.map(String.init)
    return Endpoint(path: "2/comments/show.json", query: Parameters.make(pairs, ["id": String(id)]))
  }

  /// Comments the caller wrote.
  public static func byMe(
    sinceID: Int64? = nil, maxID: Int64? = nil, count: Int? = nil, page: Int? = nil, filterBySource: Int? = nil
  ) -> Endpoint<CommentList> {
    list("by_me", sinceID, maxID, count, page, ["filter_by_source": filterBySource.map(String.init)])
  }

  /// Comments the caller received.
  public static func toMe(
    sinceID: Int64? = nil, maxID: Int64? = nil, count: Int? = nil, page: Int? = nil, filterByAuthor: Int? = nil,
    filterBySource: Int? = nil
  ) -> Endpoint<CommentList> {
    list(
      "to_me", sinceID, maxID, count, page,
      ["filter_by_author": filterByAuthor.map(String.init), "filter_by_source": filterBySource.map(String.init)])
  }

  /// Comments written and received.
  public static func timeline(
    sinceID: Int64? = nil, maxID: Int64? = nil, count: Int? = nil, page: Int? = nil, trimUser: Bool = false
  ) -> Endpoint<CommentList> {
    list("timeline", sinceID, maxID, count, page, ["trim_user": Parameters.flag(trimUser)])
  }

  /// Comments that @ the caller.
  public static func mentions(
    sinceID: Int64? = nil, maxID: Int64? = nil, count: Int? = nil, page: Int? = nil, filterByAuthor: Int? = nil,
    filterBySource: Int? = nil
  ) -> Endpoint<CommentList> {
    list(
      "mentions", sinceID, maxID, count, page,
      ["filter_by_author": filterByAuthor.map(String.init), "filter_by_source": filterBySource.map(String.init)])
  }

  /// Up to 50 comments by id.
  public static func showBatch(ids: [Int64]) -> Endpoint<[Comment]> {
    Endpoint(path: "2/comments/show_batch.json", query: ["cids": Parameters.ids(ids)])
  }

  /// Comments on status `id`; `alsoOnOriginal` comments on the reposted original too.
  public static func create(id: Int64, text: String, alsoOnOriginal: Bool = false) -> Endpoint<Comment> {
    Endpoint(
      method: .post, path: "2/comments/create.json",
      form: Parameters.make(["comment_ori": Parameters.flag(alsoOnOriginal)], ["id": String(id), "comment": text]))
  }

  /// Replies to comment `cid` on status `id`; the server prefixes `回复@name:` unless `withoutMention`.
  public static func reply(
    cid: Int64, id: Int64, text: String, withoutMention: Bool = false, alsoOnOriginal: Bool = false
  ) -> Endpoint<Comment> {
    Endpoint(
      method: .post, path: "2/comments/reply.json",
      form: Parameters.make(
        ["without_mention": Parameters.flag(withoutMention), "comment_ori": Parameters.flag(alsoOnOriginal)],
        ["cid": String(cid), "id": String(id), "comment": text]))
  }

  /// Deletes a comment; answers the deleted comment.
  public static func destroy(cid: Int64) -> Endpoint<Comment> {
    Endpoint(method: .post, path: "2/comments/destroy.json", form: ["cid": String(cid)])
  }

  /// Deletes up to 20 comments; answers the deleted comments.
  public static func destroyBatch(cids: [Int64]) -> Endpoint<[Comment]> {
    Endpoint(method: .post, path: "2/comments/destroy_batch.json", form: ["cids": Parameters.ids(cids)])
  }

  private static func list(
    _ name: String, _ sinceID: Int64?, _ maxID: Int64?, _ count: Int?, _ page: Int?, _ extra: [String: String?]
  ) -> Endpoint<CommentList> {
    let pairs = Parameters.paging(sinceID: sinceID, maxID: maxID, count: count, page: page).merging(extra) { $1 }
    return Endpoint(path: "2/comments/\(name).json", query: Parameters.make(pairs))
  }
}
