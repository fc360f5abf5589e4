import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import SparrowMedia
@testable import SparrowPlatform
import SparrowTestSupport
import Testing

@Suite struct RemotePictureTests {
  @Test(arguments: [
    ([127, 0, 0, 1], false), ([10, 1, 2, 3], false), ([172, 20, 0, 1], false), ([192, 168, 1, 1], false),
    ([169, 254, 169, 254], false), ([100, 64, 0, 1], false), ([0, 0, 0, 0], false), ([224, 0, 0, 1], false),
    ([8, 8, 8, 8], true), ([172, 32, 0, 1], true), ([1, 1, 1, 1], true),
  ] as [([UInt8], Bool)])
  func onlyPublicIPv4AddressesAreFetched(_ address: [UInt8], _ expected: Bool) {
    #expect(RemotePicture.isPublic(address) == expected)
  }

  @Test func onlyPublicIPv6AddressesAreFetched() {
    let loopback = [UInt8](repeating: 0, count: 15) + [1]
    let mapped = [UInt8](repeating: 0, count: 10) + [0xFF, 0xFF, 10, 0, 0, 1]
    let uniqueLocal = [0xFD] + [UInt8](repeating: 0, count: 15)
    let linkLocal = [0xFE, 0x80] + [UInt8](repeating: 0, count: 14)
    let publicAddress = [0x20, 0x01, 0x0D, 0xB8] + [UInt8](repeating: 1, count: 12)

    #expect(!RemotePicture.isPublic(loopback) && !RemotePicture.isPublic(mapped))
    #expect(!RemotePicture.isPublic(uniqueLocal) && !RemotePicture.isPublic(linkLocal))
    #expect(RemotePicture.isPublic(publicAddress))
    #expect(RemotePicture.resolve("localhost").allSatisfy { !RemotePicture.isPublic($0) })
  }

  /// IPv6 forms that embed an IPv4 address are judged by it: mapped, compatible, NAT64, 6to4; Teredo and
  /// local-use NAT64 hide the address, so they are refused.
  @Test(arguments: [
    ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 127, 0, 0, 1], false),  // ::127.0.0.1
    ([0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0, 10, 0, 0, 1], false),  // 64:ff9b::10.0.0.1
    ([0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0, 8, 8, 8, 8], true),  // 64:ff9b::8.8.8.8
    ([0x00, 0x64, 0xFF, 0x9B, 0x00, 0x01, 0, 0, 0, 0, 0, 0, 8, 8, 8, 8], false),  // 64:ff9b:1::
    ([0x20, 0x02, 192, 168, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], false),  // 2002:c0a8:1::1
    ([0x20, 0x02, 8, 8, 8, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], true),  // 2002:808:808::1
    ([0x20, 0x01, 0x00, 0x00, 0x41, 0x36, 0xE3, 0x78, 0x80, 0, 0x63, 0xBF, 0x3F, 0xFF, 0xFD, 0xD2], false),  // Teredo
  ] as [([UInt8], Bool)])
  func embeddedIPv4AddressesAreJudgedByTheirIPv4(_ address: [UInt8], _ expected: Bool) {
    #expect(RemotePicture.isPublic(address) == expected)
  }

  /// The connection goes to the address the check saw: a name only the fetcher's resolver knows, answered
  /// with loopback, reaches the local server; nothing resolves the name a second time.
  @Test func theConnectionGoesToTheCheckedAddress() async throws {
    let png = try ImageProcessor().render(svg: drawing(40, 30), as: .png)
    let pictures = Router()
    pictures.get("/p.png") { _, _ in Response(status: .ok, body: .init(byteBuffer: ByteBuffer(bytes: png))) }
    let host = Application(router: pictures, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    try await host.test(.live) { remote in
      let port = try #require(remote.port)
      let pinned = RemotePicture(allowPrivateAddresses: true, resolver: { name in
        name == "pictures.sparrow-test.invalid" ? [[127, 0, 0, 1]] : []
      })
      let data = try await pinned.fetch("http://pictures.sparrow-test.invalid:\(port)/p.png", maxBytes: 100_000)
      #expect(data == png)

      // The same check without the exception for tests refuses loopback before connecting.
      let strict = RemotePicture(allowPrivateAddresses: false, resolver: { _ in [[127, 0, 0, 1]] })
      await #expect(throws: EnvelopeError.self) {
        _ = try await strict.fetch("http://pictures.sparrow-test.invalid:\(port)/p.png", maxBytes: 100_000)
      }
      // A name whose answer mixes a public and a private address is refused as a whole.
      let mixed = RemotePicture(allowPrivateAddresses: false, resolver: { _ in [[8, 8, 8, 8], [10, 0, 0, 1]] })
      await #expect(throws: EnvelopeError.self) { _ = try await mixed.fetch("http://mixed.invalid/p.png", maxBytes: 100) }
    }
  }

  @Test func privateAndNonHTTPURLsAreRefusedBeforeAnyConnection() async throws {
    let fetcher = RemotePicture(allowPrivateAddresses: false)
    for url in ["http://127.0.0.1:9/p.png", "http://localhost/p.png", "http://10.0.0.1/p.png", "ftp://example.org/p.png",
                "file:///etc/passwd", "not a url"] {
      await #expect(throws: EnvelopeError.self) { _ = try await fetcher.fetch(url, maxBytes: 1000) }
    }
  }

  /// `upload_url_text` with `url`: the picture is fetched from a real HTTP server and posted.
  @Test func uploadURLTextFetchesThePicture() async throws {
    let png = try ImageProcessor().render(svg: drawing(300, 200), as: .png)
    let pictures = Router()
    pictures.get("/p.png") { _, _ in
      Response(status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: ByteBuffer(bytes: png)))
    }
    pictures.get("/big.png") { _, _ in
      Response(status: .ok, body: .init(byteBuffer: ByteBuffer(bytes: png + Data(count: ImageProcessor.maxBytes))))
    }
    let host = Application(router: pictures, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    let world = try await TestWorld()
    let token = try await world.token(for: try await world.user("alice"))

    try await world.test { client in
      try await host.test(.live) { remote in
        let port = try #require(remote.port)
        let posted = try await client.post(
          "/2/statuses/upload_url_text.json", [("status", "远程图片"), ("url", "http://localhost:\(port)/p.png")], token: token)
        #expect(posted.status == .ok)
        #expect((posted.object["pic_urls"] as? [[String: Any]])?.first?["width"] as? Int == 300)

        let missing = try await client.post(
          "/2/statuses/upload_url_text.json", [("status", "没有"), ("url", "http://localhost:\(port)/none.png")], token: token)
        #expect(missing.errorCode == 10017)
        let big = try await client.post(
          "/2/statuses/upload_url_text.json", [("status", "太大"), ("url", "http://localhost:\(port)/big.png")], token: token)
        #expect(big.errorCode == 20006)
        let neither = try await client.post("/2/statuses/upload_url_text.json", [("status", "空")], token: token)
        #expect(neither.errorCode == 10016)
      }
    }
  }
}
