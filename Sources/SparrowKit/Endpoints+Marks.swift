import Foundation

/// `/2/favorites*`.
public enum Favorites {
  /// The caller's favourites, newest first.
  public static func list(count: Int? = nil, page: Int? = nil) -> Endpoint<FavoriteList> {
    Endpoint(path: "2/favorites.json", query: Parameters.make(["count": count.map(String.init), "page": page.map(String.init)]))
  }

  /// The caller's favourite of status `id`.
  public static func show(id: Int64) -> Endpoint<Favorite> {
    Endpoint(path: "2/favorites/show.json", query: ["id": String(id)])
  }

  /// Saves status `id`.
  public static func create(id: Int64) -> Endpoint<Favorite> {
    Endpoint(method: .post, path: "2/favorites/create.json", form: ["id": String(id)])
  }

  /// Removes the favourite of status `id`.
  public static func destroy(id: Int64) -> Endpoint<Favorite> {
    Endpoint(method: .post, path: "2/favorites/destroy.json", form: ["id": String(id)])
  }
}

/// `/2/attitudes/*`: likes (赞).
public enum Attitudes {
  /// Likes status `id`.
  public static func create(id: Int64, attitude: String = "heart") -> Endpoint<Attitude> {
    Endpoint(method: .post, path: "2/attitudes/create.json", form: ["id": String(id), "attitude": attitude])
  }

  /// Takes back the like of status `id`.
  public static func destroy(id: Int64) -> Endpoint<Attitude> {
    Endpoint(method: .post, path: "2/attitudes/destroy.json", form: ["id": String(id), "attitude": "heart"])
  }

  /// Who liked status `id`.
  public static func show(
    id: Int64, sinceID: Int64? = nil, maxID: Int64? = nil, count: Int? = nil, page: Int? = nil
  ) -> Endpoint<AttitudeList> {
    Endpoint(
      path: "2/attitudes/show.json",
      query: Parameters.make(Parameters.paging(sinceID: sinceID, maxID: maxID, count: count, page: page), ["id": String(id)]))
  }

  /// Likes the caller's statuses received.
  public static func toMe(
    sinceID: Int64? = nil, maxID: Int64? = nil, count: Int? = nil, page: Int? = nil
  ) -> Endpoint<AttitudeList> {
    Endpoint(path: "2/attitudes/to_me.json", query: Parameters.make(Parameters.paging(sinceID: sinceID, maxID: maxID, count: count, page: page)))
  }
}
