import Foundation

/// A user named by id or by screen name, as the API accepts either.
public enum UserRef: Sendable, Equatable {
  case id(Int64)
  case screenName(String)

  /// `uid=…` or `screen_name=…` (or other key names, as `friendships/show` uses).
  func parameters(idKey: String = "uid", nameKey: String = "screen_name") -> [String: String] {
    switch self {
    case .id(let id): [idKey: String(id)]
    case .screenName(let name): [nameKey: name]
    }
  }
}

/// Builds parameter dictionaries, dropping the unset ones.
enum Parameters {
  static func make(_ pairs: [String: String?], _ more: [String: String] = [:]) -> [String: String] {
    pairs.compactMapValues { $0 }.merging(more) { _, new in new }
  }

  static func paging(sinceID: Int64?, maxID: Int64?, count: Int?, page: Int?) -> [String: String?] {
    [
      "since_id": sinceID.map(String.init), "max_id": maxID.map(String.init), "count": count.map(String.init),
      "page": page.map(String.init),
    ]
  }

  static func flag(_ value: Bool) -> String? { value ? "1" : nil }

  static func ids(_ ids: [Int64]) -> String { ids.map(String.init).joined(separator: ",") }
}
