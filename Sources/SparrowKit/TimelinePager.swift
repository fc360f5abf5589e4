import Foundation

/// A newest-first timeline that grows at both ends: `refresh()` fetches what is newer than the top,
/// `loadMore()` what is older than the bottom. One load at a time.
public actor TimelinePager {
  /// Makes the request for a page: newer than `sinceID`, or at most `maxID` (inclusive), `count` long.
  public typealias Request = @Sendable (_ sinceID: Int64?, _ maxID: Int64?, _ count: Int) -> Endpoint<StatusList>

  /// What a load call did.
  public enum Outcome: Sendable, Equatable {
    /// A page came back with this many new statuses.
    case loaded(Int)
    /// Nothing was requested: another load was in flight (or the end was reached, for `loadMore`).
    case skipped
  }

  /// The client pages come through.
  public let client: SparrowClient
  /// Statuses per request.
  public let pageSize: Int
  private let makeRequest: Request
  private let emoticons: Set<String>
  private var isLoading = false

  /// The statuses, newest first, never twice.
  public private(set) var items: [StatusViewModel] = []
  /// The banner of the last refresh: `N条新微博`, or `没有新微博`; nil before the first refresh.
  public private(set) var banner: String?
  /// Whether `loadMore` found the end.
  public private(set) var reachedEnd = false

  /// A pager over the home timeline, or any timeline `request` makes.
  public init(
    client: SparrowClient, pageSize: Int = 20, emoticons: Set<String> = [],
    request: @escaping Request = { Statuses.homeTimeline(sinceID: $0, maxID: $1, count: $2) }
  ) {
    self.client = client
    self.pageSize = pageSize
    self.emoticons = emoticons
    self.makeRequest = request
  }

  /// Whether a load is in flight.
  public var loading: Bool { isLoading }

  /// Fetches statuses newer than the first one (`since_id`) and puts them on top, in the server's order.
  @discardableResult
  public func refresh() async throws -> Outcome {
    guard !isLoading else { return .skipped }
    isLoading = true
    defer { isLoading = false }
    let list = try await client.send(makeRequest(items.first?.id, nil, pageSize))
    let fresh = newItems(list.statuses)
    items = fresh + items
    banner = NewStatusesBanner.text(count: fresh.count)
    return .loaded(fresh.count)
  }

  /// Fetches statuses older than the last one (`max_id` = its id − 1, since `max_id` is inclusive) and
  /// appends them.
  @discardableResult
  public func loadMore() async throws -> Outcome {
    guard !isLoading, !reachedEnd else { return .skipped }
    isLoading = true
    defer { isLoading = false }
    let maxID = items.last.map { $0.id - 1 }
    let list = try await client.send(makeRequest(nil, maxID, pageSize))
    let older = newItems(list.statuses)
    items += older
    if older.isEmpty { reachedEnd = true }
    return .loaded(older.count)
  }

  /// Replaces one status's model (after a like, a favourite, new counts).
  public func update(_ item: StatusViewModel) {
    guard let index = items.firstIndex(where: { $0.id == item.id }) else { return }
    items[index] = item
  }

  /// Removes a status (deleted by its author).
  public func remove(id: Int64) {
    items.removeAll { $0.id == id }
  }

  private func newItems(_ statuses: [Status]) -> [StatusViewModel] {
    var seen = Set(items.map(\.id))
    return statuses.filter { seen.insert($0.id).inserted }.map { StatusViewModel(status: $0, emoticons: emoticons) }
  }
}

/// The words a refresh shows: `N条新微博`, or `没有新微博`. The pager, `wb` and the web client all say it this way.
public enum NewStatusesBanner {
  public static func text(count: Int) -> String { count > 0 ? "\(count)条新微博" : "没有新微博" }
}
