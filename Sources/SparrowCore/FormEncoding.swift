import Foundation

/// `application/x-www-form-urlencoded` and query-string encoding.
public enum FormEncoding {
  /// `a=1&b=x%20y`, keys sorted so requests are repeatable.
  public static func encode(_ parameters: [String: String]) -> String {
    parameters.keys.sorted().map { escape($0) + "=" + escape(parameters[$0] ?? "") }.joined(separator: "&")
  }

  /// `a=1&b=x%20y` in the order given (OAuth redirects put `code` first, as clients parse it).
  public static func encode(pairs: [(String, String)]) -> String {
    pairs.map { escape($0) + "=" + escape($1) }.joined(separator: "&")
  }

  /// Percent-encodes everything except RFC 3986's unreserved characters (so `+`, `&` and `=` survive).
  public static func escape(_ string: String) -> String {
    string.addingPercentEncoding(withAllowedCharacters: unreserved) ?? string
  }

  private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
