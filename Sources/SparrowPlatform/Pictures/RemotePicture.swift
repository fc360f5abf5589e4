import AsyncHTTPClient
import Foundation
import NIOCore

#if canImport(Glibc)
  import Glibc
#endif

/// Fetches the picture behind `upload_url_text`'s `url`, refusing anything that would let a client make
/// this server reach a private network: only http(s), only hosts whose every address is public, no
/// redirects, a short timeout and the picture byte limit. The host is resolved once and the connection
/// goes to the address that was checked (TLS still verifies the host name), so a DNS answer that changes
/// between the check and the connection (rebinding) cannot redirect it.
package struct RemotePicture: Sendable {
  /// Tests fetch from loopback; a deployment never should.
  let allowPrivateAddresses: Bool
  /// How host names become addresses (raw bytes); tests stand in their own answers.
  let resolver: @Sendable (String) -> [[UInt8]]

  package init(allowPrivateAddresses: Bool, resolver: @escaping @Sendable (String) -> [[UInt8]] = RemotePicture.resolve) {
    self.allowPrivateAddresses = allowPrivateAddresses
    self.resolver = resolver
  }

  package func fetch(_ text: String, maxBytes: Int) async throws -> Data {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = url.host, !host.isEmpty
    else { throw Self.refused(text, "an http or https URL") }
    let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    let addresses = try await PictureLibrary.offload { resolver(bare) }
    guard let pinned = addresses.first.flatMap(Self.text) else { throw Self.refused(text, "a host that resolves") }
    if !allowPrivateAddresses, !addresses.allSatisfy(Self.isPublic) { throw Self.refused(text, "a public address") }

    // One client per fetch: its DNS override pins this host to the checked address.
    var configuration = HTTPClient.Configuration(
      redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5), read: .seconds(10)))
    configuration.dnsOverride = Dictionary(uniqueKeysWithValues: Set([host, bare, host.lowercased(), bare.lowercased()]).map { ($0, pinned) })
    let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    do {
      let data = try await Self.get(url, client: client, maxBytes: maxBytes)
      try await client.shutdown()
      return data
    } catch {
      try? await client.shutdown()
      throw error
    }
  }

  private static func get(_ url: URL, client: HTTPClient, maxBytes: Int) async throws -> Data {
    var request = HTTPClientRequest(url: url.absoluteString)
    request.headers.add(name: "User-Agent", value: "Sparrow picture fetcher")
    let response: HTTPClientResponse
    do {
      response = try await client.execute(request, timeout: .seconds(15))
    } catch {
      throw EnvelopeError(status: .badRequest, code: 10017, error: "Parameter (url) could not be fetched")
    }
    guard response.status == .ok else {
      throw EnvelopeError(status: .badRequest, code: 10017, error: "Parameter (url) answered \(response.status.code)")
    }
    do {
      return Data(try await response.body.collect(upTo: maxBytes).readableBytesView)
    } catch is NIOTooManyBytesError {
      throw EnvelopeError.imageTooLarge
    }
  }

  /// An address as text (`93.184.216.34`, `2001:db8::1`), to connect to without another lookup.
  static func text(_ address: [UInt8]) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    let family = address.count == 4 ? AF_INET : address.count == 16 ? AF_INET6 : -1
    guard family != -1 else { return nil }
    let ok = address.withUnsafeBytes { raw in inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count)) != nil }
    guard ok, let end = buffer.firstIndex(of: 0) else { return nil }
    return String(decoding: buffer[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  static func refused(_ url: String, _ expected: String) -> EnvelopeError {
    EnvelopeError.badParameter("url", expected: expected, got: url)
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
  /// IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4) are judged by that address.
  package static func isPublic(_ a: [UInt8]) -> Bool {
    if a.count == 16 {
      if a[0..<10].allSatisfy({ $0 == 0 }) && a[10] == 0xFF && a[11] == 0xFF { return isPublic(Array(a[12...])) }
      if a.allSatisfy({ $0 == 0 }) || a == [UInt8](repeating: 0, count: 15) + [1] { return false }
      if a[0..<12].allSatisfy({ $0 == 0 }) { return isPublic(Array(a[12...])) }  // ::a.b.c.d, IPv4-compatible
      if a[0..<12] == [0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] { return isPublic(Array(a[12...])) }  // 64:ff9b::/96
      if a[0..<6] == [0x00, 0x64, 0xFF, 0x9B, 0x00, 0x01] { return false }  // 64:ff9b:1::/48, local-use NAT64
      if a[0] == 0x20 && a[1] == 0x02 { return isPublic(Array(a[2..<6])) }  // 2002::/16, 6to4
      if a[0..<4] == [0x20, 0x01, 0x00, 0x00] { return false }  // 2001::/32, Teredo: the client address is hidden
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
