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

  @Test func privateAndNonHTTPURLsAreRefusedBeforeAnyConnection() async throws {
    let fetcher = RemotePicture(allowPrivateAddresses: false)
    for url in ["http://127.0.0.1:9/p.png", "http://localhost/p.png", "http://10.0.0.1/p.png", "ftp://example.org/p.png",
                "file:///etc/passwd", "not a url"] {
      await #expect(throws: WeiboError.self) { _ = try await fetcher.fetch(url, maxBytes: 1000) }
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
    let world = try TestWorld()
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
