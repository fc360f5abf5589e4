import Foundation

/// `/2/statuses/*`.
public enum Statuses {
  /// Which statuses a timeline keeps (`feature`).
  public enum Feature: Int, Sendable {
    case all = 0, original = 1, picture = 2, video = 3, music = 4
  }

  /// Who sees a new status (`visible`).
  public enum Audience: Int, Sendable {
    case everyone = 0, onlyMe = 1, closeFriends = 2, group = 3
  }

  /// Whether a repost also comments (`is_comment`).
  public enum RepostComment: Int, Sendable {
    case none = 0, onStatus = 1, onOriginal = 2, onBoth = 3
  }

  /// The caller's home timeline (self and followed users).
  public static func homeTimeline(
    sinceID: Int64? = nil, maxID: Int64? = nil, count: Int? = nil, page: Int? = nil, feature: Feature? = nil,
    trimUser: Bool = false
  ) -> Endpoint<StatusList> {
    Endpoint(path: "2/statuses/home_timeline.json", query: timelineQuery(sinceID, maxID, count, page, feature, trimUser))
  }

  /// `friends_timeline`, the older name of the home timeline.
  public static func friendsTimeline(
    sinceID: Int64? = nil, maxID: Int64? = nil, count: Int? = nil, page: Int? = nil, feature: Feature? = nil,
    trimUser: Bool = false
  ) -> Endpoint<StatusList> {
    Endpoint(path: "2/statuses/friends_timeline.json", query: timelineQuery(sinceID, maxID, count, page, feature, trimUser))
  }

  /// Everyone's latest public statuses.
  public static func publicTimeline(count: Int? = nil, page: Int? = nil) -> Endpoint<StatusList> {
    Endpoint(path: "2/statuses/public_timeline.json", query: Parameters.make(["count": count.map(String.init), "page": page.map(String.init)]))
  }

  /// Statuses of mutual follows.
  public static func bilateralTimeline(
    sinceID: Int64? = nil, maxID: Int64? = nil, count: Int? = nil, page: Int? = nil
  ) -> Endpoint<StatusList> {
    Endpoint(path: "2/statuses/bilateral_timeline.json", query: timelineQuery(sinceID, maxID, count, page, nil, false))
  }

  /// One user's statuses; the caller's when `user` is nil.
  public static func userTimeline(
    user: UserRef? = nil, sinceID: Int64? = nil, maxID: Int64? = nil, count: Int? = nil, page: Int? = nil,
    feature: Feature? = nil, trimUser: Bool = false
  ) -> Endpoint<StatusList> {
    Endpoint(
      path: "2/statuses/user_timeline.json",
      query: timelineQuery(sinceID, maxID, count, page, feature, trimUser).merging(user?.parameters() ?? [:]) { $1 })
  }

  /// Statuses that @ the caller.
  public static func mentions(
    sinceID: Int64? = nil, maxID: Int64? = nil, count: Int? = nil, page: Int? = nil, filterByAuthor: Int? = nil,
    filterBySource: Int? = nil, filterByType: Int? = nil
  ) -> Endpoint<StatusList> {
    Endpoint(path: "2/statuses/mentions.json", query: mentionsQuery(sinceID, maxID, count, page, filterByAuthor, filterBySource, filterByType))
  }

  /// Reposts of status `id`.
  public static func repostTimeline(
    id: Int64, sinceID: Int64? = nil, maxID: Int64? = nil, count: Int? = nil, page: Int? = nil,
    filterByAuthor: Int? = nil
  ) -> Endpoint<RepostList> {
    Endpoint(path: "2/statuses/repost_timeline.json", query: repostQuery(id, sinceID, maxID, count, page, filterByAuthor))
  }

  /// Ids of the home timeline.
  public static func homeTimelineIDs(
    sinceID: Int64? = nil, maxID: Int64? = nil, count: Int? = nil, page: Int? = nil, feature: Feature? = nil
  ) -> Endpoint<StatusIDList> {
    Endpoint(path: "2/statuses/home_timeline/ids.json", query: timelineQuery(sinceID, maxID, count, page, feature, false))
  }

  /// Ids of the friends timeline.
  public static func friendsTimelineIDs(
    sinceID: Int64? = nil, maxID: Int64? = nil, count: Int? = nil, page: Int? = nil, feature: Feature? = nil
  ) -> Endpoint<StatusIDList> {
    Endpoint(path: "2/statuses/friends_timeline/ids.json", query: timelineQuery(sinceID, maxID, count, page, feature, false))
  }

  /// Ids of a user's statuses.
  public static func userTimelineIDs(
    user: UserRef? = nil, sinceID: Int64? = nil, maxID: Int64? = nil, count: Int? = nil, page: Int? = nil,
    feature: Feature? = nil
  ) -> Endpoint<StatusIDList> {
    Endpoint(
      path: "2/statuses/user_timeline/ids.json",
      query: timelineQuery(sinceID, maxID, count, page, feature, false).merging(user?.parameters() ?? [:]) { $1 })
  }

  /// Ids of the statuses that @ the caller.
  public static func mentionsIDs(
    sinceID: Int64? = nil, maxID: Int64? = nil, count: Int? = nil, page: Int? = nil, filterByAuthor: Int? = nil,
    filterBySource: Int? = nil, filterByType: Int? = nil
  ) -> Endpoint<StatusIDList> {
    Endpoint(path: "2/statuses/mentions/ids.json", query: mentionsQuery(sinceID, maxID, count, page, filterByAuthor, filterBySource, filterByType))
  }

  /// Ids of the reposts of status `id`.
  public static func repostTimelineIDs(
    id: Int64, sinceID: Int64? = nil, maxID: Int64? = nil, count: Int? = nil, page: Int? = nil,
    filterByAuthor: Int? = nil
  ) -> Endpoint<StatusIDList> {
    Endpoint(path: "2/statuses/repost_timeline/ids.json", query: repostQuery(id, sinceID, maxID, count, page, filterByAuthor))
  }

  /// One status.
  public static func show(id: Int64) -> Endpoint<Status> {
    Endpoint(path: "2/statuses/show.json", query: ["id": String(id)])
  }

  /// Repost, comment and like counts of up to 100 statuses.
  public static func count(ids: [Int64]) -> Endpoint<[StatusCount]> {
    Endpoint(path: "2/statuses/count.json", query: ["ids": Parameters.ids(ids)])
  }

  /// Posts a status; `pictureIDs` are `pic_id`s from `uploadPicture` (up to nine).
  public static func update(
    text: String, audience: Audience? = nil, listID: Int64? = nil, latitude: Double? = nil, longitude: Double? = nil,
    annotations: String? = nil, pictureIDs: [String] = []
  ) -> Endpoint<Status> {
    Endpoint(method: .post, path: "2/statuses/update.json", form: postForm(text, audience, listID, latitude, longitude, annotations, pictureIDs))
  }

  /// Posts a status with one picture (multipart `status` + `pic`).
  public static func upload(
    text: String, picture: FormFile, audience: Audience? = nil, latitude: Double? = nil, longitude: Double? = nil
  ) -> Endpoint<Status> {
    Endpoint(
      method: .post, path: "2/statuses/upload.json", form: postForm(text, audience, nil, latitude, longitude, nil, []),
      files: [picture])
  }

  /// Uploads a picture without posting; the answer's `pic_id` goes into `update(pictureIDs:)`.
  public static func uploadPicture(_ picture: FormFile) -> Endpoint<UploadedPicture> {
    Endpoint(method: .post, path: "2/statuses/upload_pic.json", files: [picture])
  }

  /// Reposts status `id`, with optional text, optionally also as a comment.
  public static func repost(id: Int64, text: String? = nil, comment: RepostComment = .none) -> Endpoint<Status> {
    Endpoint(
      method: .post, path: "2/statuses/repost.json",
      form: Parameters.make(["status": text, "is_comment": comment == .none ? nil : String(comment.rawValue)], ["id": String(id)]))
  }

  /// Deletes one of the caller's statuses; answers the deleted status.
  public static func destroy(id: Int64) -> Endpoint<Status> {
    Endpoint(method: .post, path: "2/statuses/destroy.json", form: ["id": String(id)])
  }

  private static func timelineQuery(
    _ sinceID: Int64?, _ maxID: Int64?, _ count: Int?, _ page: Int?, _ feature: Feature?, _ trimUser: Bool
  ) -> [String: String] {
    var pairs = Parameters.paging(sinceID: sinceID, maxID: maxID, count: count, page: page)
    pairs["feature"] = feature.map { String($0.rawValue) }
    pairs["trim_user"] = Parameters.flag(trimUser)
    return Parameters.make(pairs)
  }

  private static func mentionsQuery(
    _ sinceID: Int64?, _ maxID: Int64?, _ count: Int?, _ page: Int?, _ author: Int?, _ source: Int?, _ type: Int?
  ) -> [String: String] {
    var pairs = Parameters.paging(sinceID: sinceID, maxID: maxID, count: count, page: page)
    pairs["filter_by_author"] = author.map(String.init)
    pairs["filter_by_source"] = source.map(String.init)
    pairs["filter_by_type"] = type.map(String.init)
    return Parameters.make(pairs)
  }

  private static func repostQuery(
    _ id: Int64, _ sinceID: Int64?, _ maxID: Int64?, _ count: Int?, _ page: Int?, _ author: Int?
  ) -> [String: String] {
    var pairs = Parameters.paging(sinceID: sinceID, maxID: maxID, count: count, page: page)
    pairs["filter_by_author"] = author.map(String.init)
    return Parameters.make(pairs, ["id": String(id)])
  }

  private static func postForm(
    _ text: String, _ audience: Audience?, _ listID: Int64?, _ latitude: Double?, _ longitude: Double?,
    _ annotations: String?, _ pictureIDs: [String]
  ) -> [String: String] {
    Parameters.make(
      [
        "visible": audience.map { String($0.rawValue) }, "list_id": listID.map(String.init),
        "lat": latitude.map { String($0) }, "long": longitude.map { String($0) }, "annotations": annotations,
        "pic_id": pictureIDs.isEmpty ? nil : pictureIDs.prefix(PictureGrid.maxCount).joined(separator: ","),
      ], ["status": text])
  }
}
