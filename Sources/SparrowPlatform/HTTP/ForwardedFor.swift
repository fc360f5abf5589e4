import Foundation

/// The client's address behind reverse proxies (`--trusted-proxy`): while the address a request came from is a
/// trusted proxy's, the next address to the left in `X-Forwarded-For` is taken, so a client can put whatever it
/// likes at the left of the header and still be known by the address the first trusted proxy saw. Without
/// trusted proxies the header is ignored.
package enum ForwardedFor {
  package static func client(peer: String?, header: String?, trusted: Set<String>) -> String? {
    guard var address = peer, !trusted.isEmpty, let header else { return peer }
    var hops = header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    while trusted.contains(address), let next = hops.popLast() {
      guard isAddress(next) else { break }
      address = next
    }
    return address
  }

  /// An IPv4 or IPv6 address as written (no port, no brackets).
  package static func isAddress(_ text: String) -> Bool {
    var v4 = in_addr()
    var v6 = in6_addr()
    return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
  }
}
