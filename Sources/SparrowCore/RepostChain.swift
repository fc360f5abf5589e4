/// Reposting a repost keeps the chain, as Weibo clients show it: "my words//@previous:their words".
/// The API, the web composer and the demo all write it this way.
public enum RepostChain {
  /// The link to the repost being reposted.
  public static func link(author: String, text: String) -> String { "//@\(author):\(text)" }

  /// What a repost of a repost says: `words` (nil when none were given) followed by the link, unless the
  /// words carry it already (a composer prefills it).
  public static func text(words: String?, reposting text: String, by author: String) -> String {
    let link = link(author: author, text: text)
    guard let words else { return link }
    return words.contains(link) ? words : words + link
  }
}
