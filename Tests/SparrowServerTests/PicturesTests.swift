import Foundation
import SparrowCore
import SparrowPlatform
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import SparrowMedia
import SparrowStore
import SparrowTestSupport
import Testing

@Suite struct PicturesTests {
  let processor = ImageProcessor()

  func files(_ world: TestWorld) -> [String] {
    let folder = world.folder.appendingPathComponent("pics")
    guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
    return enumerator.compactMap { $0 as? String }.filter { $0.contains(".") }.sorted()
  }

  @Test(arguments: ImageKind.allCases)
  func uploadEachFormatWithSizesAndServedBytes(_ kind: ImageKind) async throws {
    let world = try await TestWorld()
    let token = try await world.token(for: try await world.user("alice"))
    let data = try processor.render(svg: drawing(1200, 900), as: kind)

    try await world.test { client in
      // Old SDKs send `image/unknown` and a made-up name: the bytes decide.
      let posted = try await client.upload("/2/statuses/upload.json", [("status", "带图")],
                                           file: ("pic", "hidden", "image/unknown", data), token: token)
      #expect(posted.status == .ok)
      let pics = try #require(posted.object["pic_urls"] as? [[String: Any]])
      #expect(pics.count == 1)
      #expect(pics[0]["width"] as? Int == 1200)
      #expect(pics[0]["height"] as? Int == 900)
      #expect(pics[0]["type"] as? String == kind.rawValue)
      #expect(pics[0]["is_long"] as? Bool == false)
      let thumbnail = try #require(posted.object["thumbnail_pic"] as? String)
      #expect(thumbnail.hasSuffix(".\(kind.ext)") && thumbnail.contains("/thumbnail/"))
      #expect((posted.object["original_pic"] as? String)?.contains("/large/") == true)

      for (segment, width) in [("thumbnail", 180), ("bmiddle", 440), ("large", 1200)] {
        let path = String(thumbnail.dropFirst("http://sparrow.test".count)).replacingOccurrences(of: "/thumbnail/", with: "/\(segment)/")
        let served = try await client.get(path)
        #expect(served.status == .ok)
        #expect(served.headers[.contentType] == kind.mimeType)
        #expect(served.headers[.cacheControl]?.contains("immutable") == true)
        let header = try processor.inspect(Data(buffer: served.body))
        #expect(header.kind == kind)
        #expect(header.width == width)
        let etag = try #require(served.headers[.eTag])
        let again = try await client.get(path, headers: [.ifNoneMatch: etag])
        #expect(again.status == .notModified)
      }
    }
  }

  @Test func animatedGIFsKeepTheirFramesAndRotatedJPEGsStandUp() async throws {
    let world = try await TestWorld()
    let token = try await world.token(for: try await world.user("alice"))
    let gif = try processor.renderAnimation(frames: ["#f00", "#0f0", "#00f", "#ff0"].map { drawing(400, 300, colour: $0) },
                                            delayMilliseconds: 80)
    let rotated = try processor.renderOrientedJPEG(svg: drawing(800, 400), orientation: 6)

    try await world.test { client in
      let animated = try await client.upload("/2/statuses/upload_pic.json", [], file: ("pic", "a.gif", "image/gif", gif), token: token)
      #expect(animated.object["type"] as? String == "gif")
      let thumbnail = try #require(animated.object["thumbnail_pic"] as? String)
      let served = try await client.get(String(thumbnail.dropFirst("http://sparrow.test".count)))
      #expect(try processor.inspect(Data(buffer: served.body)).frames == 4)

      let upright = try await client.upload("/2/statuses/upload_pic.json", [], file: ("pic", "r.jpg", "image/jpeg", rotated), token: token)
      #expect(upright.object["width"] as? Int == 400)
      #expect(upright.object["height"] as? Int == 800)
      let large = try #require(upright.object["original_pic"] as? String)
      let bytes = try await client.get(String(large.dropFirst("http://sparrow.test".count)))
      #expect(try processor.inspect(Data(buffer: bytes.body)).orientation == 1)

      // Several pictures on one status, by id, in the order given.
      let ids = [animated.object["pic_id"] as? String, upright.object["pic_id"] as? String].compactMap { $0 }
      let posted = try await client.post("/2/statuses/update.json", [("status", "两张图"), ("pic_id", ids.joined(separator: ","))], token: token)
      #expect((posted.object["pic_ids"] as? [String]) == ids)
      #expect((posted.object["pic_urls"] as? [[String: Any]])?.first?["type"] as? String == "gif")
      let unknown = try await client.post("/2/statuses/update.json", [("status", "坏图"), ("pic_id", "nope")], token: token)
      #expect(unknown.errorCode == 10017)
      let tooMany = try await client.post("/2/statuses/update.json", [("status", "十张"), ("pic_id", Array(repeating: ids[0], count: 10).joined(separator: ","))], token: token)
      #expect(tooMany.errorCode == 20009)
      let viaURLText = try await client.upload("/2/statuses/upload_url_text.json", [("status", "一张"), ("pic_id", ids[1])], file: nil, token: token)
      #expect((viaURLText.object["pic_ids"] as? [String]) == [ids[1]])
    }
  }

  @Test func sameBytesAreStoredOnce() async throws {
    let world = try await TestWorld()
    let token = try await world.token(for: try await world.user("alice"))
    let data = try processor.render(svg: drawing(600, 600), as: .png)

    try await world.test { client in
      let first = try await client.upload("/2/statuses/upload_pic.json", [], file: ("pic", "a.png", "image/png", data), token: token)
      let filesAfterFirst = files(world)
      let second = try await client.upload("/2/statuses/upload_pic.json", [], file: ("pic", "b.png", "image/png", data), token: token)

      #expect(first.object["pic_id"] as? String == second.object["pic_id"] as? String)
      #expect(files(world) == filesAfterFirst)
      #expect(filesAfterFirst.count == 3)
    }
  }

  @Test func refusalsLeaveNothingBehind() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("alice")
    let token = try await world.token(for: alice)
    let jpeg = try processor.render(svg: drawing(800, 600), as: .jpeg)
    let bomb = try processor.render(svg: drawing(8000, 6000), as: .png)
    let frames = try processor.renderAnimation(frames: (0..<301).map { _ in drawing(8, 8) }, delayMilliseconds: 10)
    let huge = try processor.render(svg: drawing(100, 100), as: .png) + Data(count: ImageProcessor.maxBytes)

    try await world.test { client in
      let cases: [(Data, String, Int)] = [
        (Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8), "image/svg+xml", 20005),
        (Data("just text".utf8), "image/png", 20005),
        (jpeg.prefix(jpeg.count / 2), "image/jpeg", 20005),
        (bomb, "image/png", 20005),
        (frames, "image/gif", 20005),
        (huge, "image/png", 20006),
      ]
      for (data, type, code) in cases {
        let refused = try await client.upload("/2/statuses/upload.json", [("status", "坏图")], file: ("pic", "x", type, data), token: token)
        #expect(refused.status == .badRequest)
        #expect(refused.errorCode == code, "\(type) \(data.count)")
      }
      let missing = try await client.upload("/2/statuses/upload.json", [("status", "没图")], file: nil, token: token)
      #expect(missing.errorCode == 20007)
      let badText = try await client.upload("/2/statuses/upload.json", [("status", String(repeating: "长", count: 141))],
                                            file: ("pic", "x.jpg", "image/jpeg", jpeg), token: token)
      #expect(badText.errorCode == 20012)

      #expect(files(world).isEmpty)
      #expect(try await world.store.user(id: alice.id)?.allStatusesCount == 0)
    }
  }

  @Test func avatarsAreGeneratedOrUploaded() async throws {
    let world = try await TestWorld()
    let alice = try await world.user("小明")
    let token = try await world.token(for: alice)

    try await world.test { client in
      let shown = try await client.get("/2/users/show.json?uid=\(alice.id)", token: token)
      let generated = try #require(shown.object["avatar_large"] as? String)
      let avatar = try await client.get(String(generated.dropFirst("http://sparrow.test".count)))
      #expect(avatar.status == .ok)
      #expect(avatar.headers[.contentType] == "image/png")
      let header = try processor.inspect(Data(buffer: avatar.body))
      #expect(header.width == 180 && header.height == 180)
      let again = try await client.get(String(generated.dropFirst("http://sparrow.test".count)))
      #expect(Data(buffer: again.body) == Data(buffer: avatar.body))
      #expect(try await client.get("/avatars/\(alice.id)/999.png").status == .notFound)
      #expect(try await client.get("/avatars/1/50.png").status == .notFound)

      let photo = try processor.render(svg: drawing(640, 480), as: .jpeg)
      let uploaded = try await client.upload("/2/account/avatar/upload.json", [], file: ("image", "me.jpg", "image/jpeg", photo), token: token)
      let small = try #require(uploaded.object["profile_image_url"] as? String)
      #expect(small.contains("/pics/avatar50/"))
      let bytes = try await client.get(String(small.dropFirst("http://sparrow.test".count)))
      #expect(try processor.inspect(Data(buffer: bytes.body)).width == 50)
    }
  }

  @Test func picturePathsCannotEscapeTheirFolder() async throws {
    let world = try await TestWorld()
    try await world.test { client in
      for path in ["/pics/thumbnail/..%2F..%2Fsparrow.sqlite", "/pics/nope/a.jpg", "/pics/large/a.txt", "/emotions/default/x.svg",
                   "/emotions/..%2F/a.png", "/pics/large/missing.jpg"] {
        let response = try await client.get(path)
        #expect(response.status == .notFound, "\(path)")
      }
    }
  }
}

/// Uploads that are never posted go after a day; posted ones and avatars stay; a day's uploads are limited.
@Suite struct PictureUpkeepTests {
  @Test func unusedUploadsAreCollectedAndUploadsHaveADailyQuota() async throws {
    let world = try await TestWorld(pictureQuota: 3)
    let token = try await world.token(for: try await world.user("alice"), lifetime: 3 * 86_400)
    @Sendable func png(_ seed: Int) throws -> Data { try ImageProcessor().render(svg: drawing(40 + seed, 30), as: .png) }
    @Sendable func upload(_ client: any TestClientProtocol, _ data: Data) async throws -> TestResponse {
      try await client.upload("/2/statuses/upload_pic.json", [], file: ("pic", "a.png", "image/png", data), token: token)
    }
    try await world.test { client in
      let unused = try await upload(client, try png(1))
      let used = try await upload(client, try png(2))
      let unusedID = try #require(unused.object["pic_id"] as? String)
      let usedID = try #require(used.object["pic_id"] as? String)
      #expect(try await client.post("/2/statuses/update.json", [("status", "有图"), ("pic_id", usedID)], token: token).status == .ok)
      let third = try await upload(client, try png(3))
      #expect(third.status == .ok)
      let fourth = try await upload(client, try png(4))
      #expect(fourth.status == .forbidden && fourth.errorCode == 20016)

      let library = PictureLibrary(dataFolder: world.folder, store: world.store)
      #expect(try await library.collect(now: world.clock.now) == 0)  // within the day's grace
      world.clock.advance(25 * 3600)
      #expect(try await library.collect(now: world.clock.now) == 2)  // the unused one and the third
      let kept = try await world.store.pictures(ids: [unusedID, usedID])
      #expect(kept.keys.sorted() == [usedID])
      let file = world.folder.appendingPathComponent("pics/large/\(unusedID).png")
      #expect(!FileManager.default.fileExists(atPath: file.path))
      #expect(FileManager.default.fileExists(atPath: world.folder.appendingPathComponent("pics/large/\(usedID).png").path))
      // A new day, a new quota.
      #expect(try await upload(client, try png(5)).status == .ok)
    }
  }
}

/// A body is read past its first 64 KiB only for a known caller: a token in the header or query is checked
/// before the body, one in the body must come before the picture.
@Suite struct UnauthenticatedBodyTests {
  static let filler = String(repeating: "x", count: 100_000)

  @Test func aTokenInTheBodyMustComeFirst() async throws {
    let world = try await TestWorld()
    let token = try await world.token(for: try await world.user("alice"))
    let picture = try ImageProcessor().render(svg: drawing(300, 200), as: .png)
    let headers: HTTPFields = [.contentType: "multipart/form-data; boundary=SparrowBoundary"]

    try await world.test { client in
      // As the Weibo SDKs send it: the token as a field before the picture, the body well past 64 KiB.
      let first = multipart([("access_token", token), ("status", "带图"), ("filler", Self.filler)],
                            file: (name: "pic", filename: "a.png", type: "image/png", data: picture))
      let posted = try await client.execute(uri: "/2/statuses/upload.json", method: .post, headers: headers, body: first)
      #expect(posted.status == .ok && posted.object["text"] as? String == "带图")

      let late = multipart([("status", "带图"), ("filler", Self.filler), ("access_token", token)],
                           file: (name: "pic", filename: "a.png", type: "image/png", data: picture))
      let refused = try await client.execute(uri: "/2/statuses/upload.json", method: .post, headers: headers, body: late)
      #expect(refused.status == .unauthorized && refused.errorCode == 21301)

      let form = "status=" + String(repeating: "a", count: 80_000) + "&access_token=" + token
      let lateForm = try await client.execute(
        uri: "/2/statuses/update.json", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
        body: ByteBuffer(string: form))
      #expect(lateForm.errorCode == 21301)

      var wrong = headers
      wrong[.authorization] = "OAuth2 not-a-token"
      let forged = try await client.execute(uri: "/2/statuses/upload.json", method: .post, headers: wrong, body: first)
      #expect(forged.status == .unauthorized && forged.errorCode == 21332)
      let statuses = try await world.store.statuses(in: .everyone, feature: .all, page: Page(count: 10), seenBy: 0)
      #expect(statuses.items.count == 1)
    }
  }

  /// Over a real connection, 17 MB without a token are refused as unauthenticated after their first 64 KiB,
  /// not read to the upload limit and refused as too large (20006).
  @Test func aStrangersHugeUploadIsRefusedUnread() async throws {
    let world = try await TestWorld()
    let body = multipart([("status", "大")],
                         file: (name: "pic", filename: "a.jpg", type: "image/jpeg", data: Data(count: 17 << 20)))
    try await world.test(.live) { client in
      let response = try await client.execute(
        uri: "/2/statuses/upload.json", method: .post,
        headers: [.contentType: "multipart/form-data; boundary=SparrowBoundary"], body: body)
      #expect(response.errorCode == 21301)
    }
  }
}
