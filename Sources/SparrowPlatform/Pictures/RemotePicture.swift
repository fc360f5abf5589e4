import AsyncHTTPClient
import Foundation
import NIOCore

#if canImport(Glibc)
  import Glibc
#endif

/// Fetches the picture behind `upload_url_text`'s `url`, refusing anything that would let a client make
/// this server reach a private network: only http(s), only hosts whose every address is public, no
/// redirects, a short timeout and the picture byte limit.
package struct RemotePicture: Sendable {
  /// Tests fetch from loopback; a deployment never should.
  let allowPrivateAddresses: Bool

  package init(allowPrivateAddresses: Bool) {
    self.allowPrivateAddresses = allowPrivateAddresses
  }

  private static let client = HTTPClient(
    eventLoopGroup: HTTPClient.defaultEventLoopGroup,
    configuration: .init(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5), read: .seconds(10))))

  package func fetch(_ text: String, maxBytes: Int) async throws -> Data {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = url.host, !host.isEmpty
    else { throw Self.refused(text, "an http or https URL") }
    if !allowPrivateAddresses {
      let addresses = try await PictureLibrary.offload { Self.resolve(host) }
      guard !addresses.isEmpty else { throw Self.refused(text, "a host that resolves") }
      guard addresses.allSatisfy(Self.isPublic) else { throw Self.refused(text, "a package address") }
    }
    var request = HTTPClientRequest(url: url.absoluteString)
    request.headers.add(name: "User-Agent", value: "Sparrow picture fetcher")
    let response: HTTPClientResponse
    do {
      response = try await Self.client.execute(request, timeout: .seconds(15))
    } catch {
      throw WeiboError(status: .badRequest, code: 10017, error: "Parameter (url) could not be fetched")
    }
    guard response.status == .ok else {
      throw WeiboError(status: .badRequest, code: 10017, error: "Parameter (url) answered \(response.status.code)")
    }
    do {
      return Data(try await response.body.collect(upTo: maxBytes).readableBytesView)
    } catch is NIOTooManyBytesError {
      throw WeiboError.imageTooLarge
    }
  }

  static func refused(_ url: String, _ expected: String) -> WeiboError {
    WeiboError.badParameter("url", expected: expected, got: url)
  }

  /// The addresses `host` resolves to, as raw bytes (4 for IPv4, 16 for IPv6).
  package static func resolve(_ host: String) -> [[UInt8]] {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return [] }
    defer { freeaddrinfo(first) }
    var addresses: [[UInt8]] = []
    var cursor: UnsafeMutablePointer<addrinfo>? = first
    while let info = cursor?.pointee {
      if info.ai_family == AF_INET, let raw = info.ai_addr {
        raw.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
          var address = $0.pointee.sin_addr
          addresses.append(withUnsafeBytes(of: &address) { Array($0) })
        }
      } else if info.ai_family == AF_INET6, let raw = info.ai_addr {
        raw.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
          var address = $0.pointee.sin6_addr
          addresses.append(withUnsafeBytes(of: &address) { Array($0) })
        }
      }
      cursor = info.ai_next
    }
    return addresses
  }

  /// Whether an address is on the public internet (not loopback, private, link-local, shared, multicast, …).
  package static func isPublic(_ a: [UInt8]) -> Bool {
    if a.count == 16 {
      if a[0..<10].allSatisfy({ $0 == 0 }) && a[10] == 0xFF && a[11] == 0xFF { return isPublic(Array(a[12...])) }
      if a.allSatisfy({ $0 == 0 }) || a == [UInt8](repeating: 0, count: 15) + [1] { return false }
      if a[0] & 0xFE == 0xFC { return false }  // fc00::/7 unique local
      if a[0] == 0xFE && a[1] & 0xC0 == 0x80 { return false }  // fe80::/10 link-local
      if a[0] == 0xFF { return false }  // multicast
      return true
    }
    guard a.count == 4 else { return false }
    switch (a[0], a[1]) {
    case (0, _), (10, _), (127, _), (169, 254), (192, 168), (224...255, _): return false
    case (100, 64...127), (172, 16...31), (198, 18...19): return false
    case (192, 0) where a[2] == 0 || a[2] == 2: return false
    default: return true
    }
  }
}
