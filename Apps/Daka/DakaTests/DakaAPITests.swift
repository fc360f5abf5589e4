import DakaStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SparrowMedia
import SparrowPlatform
import SparrowStore
import SparrowTestSupport
import Testing

/// The 打卡 API at `/daka/api/…`: every endpoint and error, privacy from a stranger's side and signed out,
/// pictures added and removed, hostile input refused with nothing written.
@Suite struct DakaAPITests {
  static let processor = ImageProcessor()

  /// A picture of its own colour, so each is a new one to the content-addressed pipeline.
  static func photo(_ colour: String) throws -> Data { try processor.render(svg: drawing(640, 480, colour: colour), as: .jpeg) }

  /// Alice, Bob and their tokens.
  struct People {
    let world: TestWorld
    let alice: Int64, bob: Int64
    let aliceToken: String, bobToken: String

    init() async throws {
      world = try await TestWorld()
      let a = try await world.user("alice"), b = try await world.user("bob")
      alice = a.id
      bob = b.id
      aliceToken = try await world.token(for: a)
      bobToken = try await world.token(for: b)
    }
  }

  static let fields = [("date", "2025-05-01"), ("location", "杭州西湖"), ("spot", "断桥"), ("thoughts", "湖面有雾\n很美")]

  @Test func aCheckInIsLinkedToItsPlaceAndReadBack() async throws {
    let p = try await People()
    let pics = [try Self.photo("#123456"), try Self.photo("#654321")]

    try await p.world.test { client in
      let posted = try await client.checkin(Self.fields + [("visibility", "public")], pics: pics, token: p.aliceToken)
      #expect(posted.status == .ok)
      #expect(posted.headers[.contentType]?.hasPrefix("application/json") == true)
      // Where the caller stands, as every API on the platform's dispatcher says.
      #expect(posted.headers[.init("X-RateLimit-Limit")!] == String(RateLimits().perUser))
      let entry = posted.object
      #expect(entry["date"] as? String == "2025-05-01")
      #expect(entry["location"] as? String == "杭州西湖" && entry["spot"] as? String == "断桥")
      #expect(entry["thoughts"] as? String == "湖面有雾\n很美")
      #expect(entry["visibility"] as? String == "public")
      let place = try #require(entry["place"] as? [String: Any])
      #expect(place["city"] as? String == "杭州" && place["district"] as? String == "西湖区" && place["adcode"] as? Int == 330106)
      let shown = try #require(entry["pics"] as? [[String: Any]])
      #expect(shown.count == 2 && shown[0]["width"] as? Int == 640 && shown[0]["height"] as? Int == 480)
      let thumbnail = try #require(shown[0]["thumbnail"] as? String)
      #expect(try await client.get(String(thumbnail.dropFirst("http://sparrow.test".count))).status == .ok)
      #expect((shown[1]["large"] as? String)?.contains("/pics/large/") == true)
      #expect((entry["user"] as? [String: Any])?["screen_name"] as? String == "alice")
      #expect((entry["created_at"] as? String)?.isEmpty == false)
      let id = try #require(entry["id"] as? Int64)

      let signedOut = try await client.get("/daka/api/checkins/\(id)")
      let list = try await client.get("/daka/api/checkins")

      #expect(signedOut.status == .ok && signedOut.object["spot"] as? String == "断桥")
      #expect(list.object["total_number"] as? Int == 1 && list.object["page"] as? Int == 1)
      #expect((list.object["checkins"] as? [[String: Any]])?.first?["id"] as? Int64 == id)
    }
  }

  @Test func aPinyinLocationIsLinkedAndAnUnknownOneIsNot() async throws {
    let p = try await People()

    try await p.world.test { client in
      let pinyin = try await client.checkin([("date", "2025-05-01"), ("location", "hangzhou"), ("spot", "灵隐寺")], token: p.aliceToken)
      let unknown = try await client.checkin([("date", "2025-05-01"), ("location", "某个小村"), ("spot", "井边")], token: p.aliceToken)

      #expect((pinyin.object["place"] as? [String: Any])?["city"] as? String == "杭州")
      #expect(pinyin.object["visibility"] as? String == "private")  // the default
      #expect(unknown.status == .ok && unknown.object["place"] is NSNull)
    }
  }

  @Test func searchFindsTheBriefAndThePlacesPinyinNewestFirstAndPages() async throws {
    let p = try await People()

    try await p.world.test { client in
      for (date, location, spot) in [("2025-03-01", "杭州西湖", "断桥"), ("2025-04-01", "北京朝阳", "三里屯"),
                                     ("2025-05-01", "hangzhou", "灵隐寺")] {
        let posted = try await client.checkin([("date", date), ("location", location), ("spot", spot), ("visibility", "public")],
                                              token: p.aliceToken)
        #expect(posted.status == .ok)
      }
      func spots(_ query: String) async throws -> [String] {
        let found = try await client.get("/daka/api/checkins?\(query)", token: p.bobToken)
        #expect(found.status == .ok)
        return (found.object["checkins"] as? [[String: Any]] ?? []).compactMap { $0["spot"] as? String }
      }

      #expect(try await spots("") == ["灵隐寺", "三里屯", "断桥"])
      #expect(try await spots("q=\(encoded("杭州"))") == ["灵隐寺", "断桥"])
      #expect(try await spots("q=XiHu") == ["断桥"])
      #expect(try await spots("q=bj") == ["三里屯"])
      #expect(try await spots("q=\(encoded("03-01 杭州"))") == ["断桥"])
      #expect(try await spots("q=\(encoded("上海"))").isEmpty)
      #expect(try await spots("count=2&page=2") == ["断桥"])
      #expect(try await spots("uid=\(p.bob)").isEmpty)
    }
  }

  @Test func privateEntriesAreInvisibleToAStrangerAndSignedOut() async throws {
    let p = try await People()

    try await p.world.test { client in
      let secret = try await client.checkin([("date", "2025-05-01"), ("location", "杭州西湖"), ("spot", "秘密花园")],
                                            token: p.aliceToken)
      let id = try #require(secret.object["id"] as? Int64)
      for token in [p.bobToken, nil] as [String?] {
        let shown = try await client.get("/daka/api/checkins/\(id)", token: token)
        #expect(shown.status == .notFound && shown.object["error_code"] as? Int == 20801)
        for query in ["", "q=\(encoded("秘密"))", "q=hangzhou", "uid=\(p.alice)"] {
          let list = try await client.get("/daka/api/checkins?\(query)", token: token)
          #expect(list.object["total_number"] as? Int == 0)
        }
      }
      let edit = try await client.checkin([("spot", "偷改")], path: "/daka/api/checkins/\(id)", token: p.bobToken)
      let delete = try await client.post("/daka/api/checkins/\(id)/delete", token: p.bobToken)
      #expect(edit.status == .notFound && delete.status == .notFound)

      let own = try await client.get("/daka/api/checkins/\(id)", token: p.aliceToken)
      let stats = try await client.get("/daka/api/me", token: p.bobToken)
      #expect(own.object["spot"] as? String == "秘密花园")
      #expect(stats.object["checkins_count"] as? Int == 0)
    }
  }

  /// Reading, editing or deleting someone else's private entry answers exactly as an id no entry has (modulo the
  /// path, which names the id), so the answer never tells that it exists.
  @Test func someoneElsesPrivateEntryAnswersAsAnIdThatDoesNotExist() async throws {
    let p = try await People()

    try await p.world.test { client in
      let secret = try await client.checkin([("date", "2025-05-01"), ("location", "杭州西湖"), ("spot", "秘密花园")],
                                            pics: [try Self.photo("#101010")], token: p.aliceToken)
      let id = try #require(secret.object["id"] as? Int64)
      let missing = id + 1_000_000
      func answers(_ id: Int64, token: String?) async throws -> [TestResponse] {
        [
          try await client.get("/daka/api/checkins/\(id)", token: token),
          try await client.checkin([("spot", "偷改")], path: "/daka/api/checkins/\(id)", token: token),
          try await client.post("/daka/api/checkins/\(id)/delete", token: token),
        ]
      }

      for token in [p.bobToken, nil] as [String?] {
        let hidden = try await answers(id, token: token)
        let none = try await answers(missing, token: token)
        for (asked, expected) in zip(hidden, none) {
          #expect(asked.status == expected.status)
          #expect(asked.text.replacingOccurrences(of: String(id), with: "ID") == expected.text.replacingOccurrences(of: String(missing), with: "ID"))
        }
      }
      #expect(try await client.get("/daka/api/checkins/\(id)", token: p.aliceToken).object["spot"] as? String == "秘密花园")
    }
  }

  /// An entry's pictures come only from its author's own files: an id of someone else's upload attaches nothing,
  /// and removing one from one's own entry is refused as an id the entry does not have.
  @Test func someoneElsesPictureIdNeverReachesAnEntry() async throws {
    let p = try await People()

    try await p.world.test { client in
      let hers = try await client.checkin(Self.fields, pics: [try Self.photo("#202020")], token: p.aliceToken)
      let picture = try #require((hers.object["pics"] as? [[String: Any]])?.first?["id"] as? String)
      let invented = String(repeating: "0", count: picture.count)

      let posted = try await client.checkin(Self.fields + [("pic_id", picture)], token: p.bobToken)
      let id = try #require(posted.object["id"] as? Int64)
      let theirs = try await client.checkin([("remove_pic", picture)], path: "/daka/api/checkins/\(id)", token: p.bobToken)
      let none = try await client.checkin([("remove_pic", invented)], path: "/daka/api/checkins/\(id)", token: p.bobToken)

      #expect(posted.status == .ok && (posted.object["pics"] as? [Any])?.isEmpty == true)
      #expect(theirs.status == .badRequest && theirs.error.contains("(remove_pic)"))
      #expect(none.status == theirs.status)
      #expect(theirs.text.replacingOccurrences(of: picture, with: "PIC") == none.text.replacingOccurrences(of: invented, with: "PIC"))
      #expect((try await client.get("/daka/api/checkins/\(id)", token: p.bobToken).object["pics"] as? [Any])?.isEmpty == true)
    }
  }

  /// 拉黑 in 微博 holds here: public entries of someone a block keeps one apart from are gone, from the list, the
  /// entry, the author's page and the counts, both ways; others still see them.
  @Test func aBlockHidesPublicEntriesBothWays() async throws {
    let p = try await People()
    let carol = try await p.world.token(for: try await p.world.user("carol"))

    try await p.world.test { client in
      let open = try await client.checkin(Self.fields + [("visibility", "public")], token: p.aliceToken)
      let id = try #require(open.object["id"] as? Int64)
      let bobs = try await client.checkin(
        [("date", "2025-05-02"), ("location", "北京朝阳"), ("spot", "鲍勃的店"), ("visibility", "public")], token: p.bobToken)
      let bobsID = try #require(bobs.object["id"] as? Int64)
      #expect(try await client.get("/daka/api/checkins", token: p.bobToken).object["total_number"] as? Int == 2)

      #expect(try await client.post("/2/blocks/create.json", [("uid", String(p.bob))], token: p.aliceToken).status == .ok)
      let missing = try await client.get("/daka/api/checkins/\(id + 1_000_000)", token: p.bobToken)
      let hidden = try await client.get("/daka/api/checkins/\(id)", token: p.bobToken)
      #expect(hidden.status == missing.status && hidden.errorCode == missing.errorCode)
      let all = try await client.get("/daka/api/checkins", token: p.bobToken)
      #expect(!all.text.contains("断桥"))
      #expect(all.object["total_number"] as? Int == 1)
      let hers = try await client.get("/daka/api/checkins?uid=\(p.alice)", token: p.bobToken)
      #expect(!hers.text.contains("断桥"))
      #expect(hers.object["total_number"] as? Int == 0)
      // Both ways.
      #expect(try await client.get("/daka/api/checkins/\(bobsID)", token: p.aliceToken).status == missing.status)
      #expect(try await client.get("/daka/api/checkins", token: p.aliceToken).object["total_number"] as? Int == 1)
      // Carol blocked nobody; someone signed out is nobody's.
      #expect(try await client.get("/daka/api/checkins", token: carol).object["total_number"] as? Int == 2)
      #expect(try await client.get("/daka/api/checkins/\(id)").status == .ok)
    }
  }

  @Test func someoneElsesPublicEntryIsNotTheirsToEditOrDelete() async throws {
    let p = try await People()

    try await p.world.test { client in
      let open = try await client.checkin(Self.fields + [("visibility", "public")], token: p.aliceToken)
      let id = try #require(open.object["id"] as? Int64)

      let edit = try await client.checkin([("spot", "偷改")], path: "/daka/api/checkins/\(id)", token: p.bobToken)
      let delete = try await client.post("/daka/api/checkins/\(id)/delete", token: p.bobToken)

      #expect(edit.status == .forbidden && edit.object["error_code"] as? Int == 20802)
      #expect(delete.status == .forbidden && delete.object["error_code"] as? Int == 20802)
      #expect(try await client.get("/daka/api/checkins/\(id)").object["spot"] as? String == "断桥")
    }
  }

  @Test func anEditKeepsAddsAndRemovesPicturesAndChangesOnlyWhatItSends() async throws {
    let p = try await People()
    let (red, green, blue) = (try Self.photo("#aa0000"), try Self.photo("#00aa00"), try Self.photo("#0000aa"))

    try await p.world.test { client in
      let posted = try await client.checkin(Self.fields, pics: [red, green], token: p.aliceToken)
      let id = try #require(posted.object["id"] as? Int64)
      let before = (posted.object["pics"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }

      let edited = try await client.checkin([("remove_pic", before[0]), ("spot", "白堤"), ("location", "北京"), ("visibility", "public")],
                                            pics: [blue], path: "/daka/api/checkins/\(id)", token: p.aliceToken)

      #expect(edited.status == .ok)
      let after = (edited.object["pics"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
      #expect(after.count == 2 && after[0] == before[1] && !before.contains(after[1]))
      #expect(edited.object["spot"] as? String == "白堤" && edited.object["date"] as? String == "2025-05-01")
      #expect(edited.object["thoughts"] as? String == "湖面有雾\n很美")
      #expect((edited.object["place"] as? [String: Any])?["city"] as? String == "北京")
      #expect(try await client.get("/daka/api/checkins/\(id)", token: p.bobToken).object["spot"] as? String == "白堤")

      let cleared = try await client.checkin([("thoughts", "")], path: "/daka/api/checkins/\(id)", token: p.aliceToken)
      #expect(cleared.object["thoughts"] as? String == "" && (cleared.object["pics"] as? [Any])?.count == 2)
      let strange = try await client.checkin([("remove_pic", before[0])], path: "/daka/api/checkins/\(id)", token: p.aliceToken)
      #expect(strange.status == .badRequest && strange.error.contains("(remove_pic)"))
      let four = try (0..<4).map { try Self.photo("#0\($0)0\($0)0\($0)") }
      let sixth = try await client.checkin([], pics: four, path: "/daka/api/checkins/\(id)", token: p.aliceToken)
      #expect(sixth.status == .badRequest && sixth.error.contains("(pic)"))
      #expect((try await client.get("/daka/api/checkins/\(id)", token: p.aliceToken).object["pics"] as? [Any])?.count == 2)
    }
  }

  @Test func deletingReturnsTheEntryAndReleasesItsPictures() async throws {
    let p = try await People()

    try await p.world.test { client in
      let posted = try await client.checkin(Self.fields, pics: [try Self.photo("#abcdef")], token: p.aliceToken)
      let id = try #require(posted.object["id"] as? Int64)
      let later = p.world.clock.now.addingTimeInterval(3 * 86_400)
      #expect(try await p.world.store.unreferencedPictures(before: later, limit: 10).isEmpty)

      let deleted = try await client.post("/daka/api/checkins/\(id)/delete", token: p.aliceToken)

      #expect(deleted.status == .ok && deleted.object["spot"] as? String == "断桥")
      #expect(try await client.get("/daka/api/checkins/\(id)", token: p.aliceToken).status == .notFound)
      #expect(try await client.post("/daka/api/checkins/\(id)/delete", token: p.aliceToken).status == .notFound)
      #expect(try await p.world.store.unreferencedPictures(before: later, limit: 10).count == 1)
    }
  }

  @Test func meCountsEntriesCitiesAndDistricts() async throws {
    let p = try await People()

    try await p.world.test { client in
      for (location, visibility) in [("杭州西湖", "private"), ("杭州西湖区", "public"), ("北京朝阳", "public"), ("某个小村", "public")] {
        _ = try await client.checkin([("date", "2025-05-01"), ("location", location), ("spot", "某处"), ("visibility", visibility)],
                                     token: p.aliceToken)
      }

      let me = try await client.get("/daka/api/me", token: p.aliceToken)
      let signedOut = try await client.get("/daka/api/me")

      #expect(me.object["checkins_count"] as? Int == 4)
      #expect((me.object["user"] as? [String: Any])?["screen_name"] as? String == "alice")
      let cities = (me.object["cities"] as? [[String: Any]] ?? []).map { "\($0["name"] ?? "")\($0["count"] ?? "")" }
      let districts = (me.object["districts"] as? [[String: Any]] ?? []).map { "\($0["name"] ?? "")\($0["count"] ?? "")" }
      #expect(cities == ["杭州2", "北京1"])
      #expect(districts == ["西湖区2", "朝阳区1"])
      #expect(signedOut.status == .unauthorized && signedOut.object["error_code"] as? Int == 21301)
    }
  }

  /// Each bad input: the status, and the field the message names. Nothing is written.
  static let badInputs: [(String, [(String, String)], Int)] = [
    ("date", [("location", "杭州"), ("spot", "断桥")], 0),
    ("date", [("date", "2025-02-29"), ("location", "杭州"), ("spot", "断桥")], 0),
    ("date", [("date", "2025-13-01"), ("location", "杭州"), ("spot", "断桥")], 0),
    ("date", [("date", "20250501"), ("location", "杭州"), ("spot", "断桥")], 0),
    ("date", [("date", "２０２５-05-01"), ("location", "杭州"), ("spot", "断桥")], 0),
    ("location", [("date", "2025-05-01"), ("location", String(repeating: "杭", count: 51)), ("spot", "断桥")], 0),
    ("location", [("date", "2025-05-01"), ("location", "杭州\n西湖"), ("spot", "断桥")], 0),
    ("spot", [("date", "2025-05-01"), ("location", "杭州"), ("spot", "   ")], 0),
    ("thoughts", [("date", "2025-05-01"), ("location", "杭州"), ("spot", "断桥"), ("thoughts", String(repeating: "好", count: 2_001))], 0),
    ("visibility", [("date", "2025-05-01"), ("location", "杭州"), ("spot", "断桥"), ("visibility", "friends")], 0),
    ("pic", Self.fields, 6),
    ("pic", Self.fields, -1),
  ]

  @Test(arguments: badInputs.indices)
  func badInputNamesTheFieldAndWritesNothing(_ index: Int) async throws {
    let (field, fields, pictures) = Self.badInputs[index]
    let p = try await People()
    // -1: a good picture, then one that is not a picture.
    let pics = pictures < 0 ? [try Self.photo("#999999"), Data("not a picture at all".utf8)]
      : try (0..<pictures).map { try Self.photo("#1\($0)1\($0)1\($0)") }

    try await p.world.test { client in
      let refused = try await client.checkin(fields, pics: pics, token: p.aliceToken)

      #expect(refused.status == .badRequest)
      #expect(refused.error.contains("(\(field))"), "\(refused.error)")
      #expect(try await client.get("/daka/api/me", token: p.aliceToken).object["checkins_count"] as? Int == 0)
      let folder = p.world.folder.appendingPathComponent("pics").path
      let files = FileManager.default.enumerator(atPath: folder)?.allObjects.compactMap { $0 as? String } ?? []
      #expect(files.filter { $0.contains(".") }.isEmpty, "\(files)")
    }
  }

  @Test func routesMethodsIdsAndTokensAnswerInTheEnvelope() async throws {
    let p = try await People()

    try await p.world.test { client in
      let unknown = try await client.get("/daka/api/nothing", token: p.aliceToken)
      let wrongMethod = try await client.get("/daka/api/checkins/1/delete", token: p.aliceToken)
      let put = try await client.execute(uri: "/daka/api/checkins", method: .put, headers: [:], body: ByteBuffer())
      let badID = try await client.get("/daka/api/checkins/abc")
      let missing = try await client.get("/daka/api/checkins/42")
      let badToken = try await client.get("/daka/api/checkins", token: "nonsense")
      let signedOutPost = try await client.checkin(Self.fields, token: nil)
      let json = try await client.execute(
        uri: "/daka/api/checkins", method: .post,
        headers: [.authorization: "OAuth2 \(p.aliceToken)", .contentType: "application/json"], body: ByteBuffer(string: "{}"))

      #expect(unknown.status == .notFound && unknown.object["error_code"] as? Int == 10020)
      #expect(unknown.object["request"] as? String == "/daka/api/nothing")
      #expect(wrongMethod.status == .badRequest && wrongMethod.object["error_code"] as? Int == 10021)
      #expect(put.object["error_code"] as? Int == 10021)
      #expect(badID.status == .badRequest && badID.error.contains("(id)"))
      #expect(missing.status == .notFound && missing.object["error_code"] as? Int == 20801)
      #expect(badToken.status == .unauthorized && badToken.object["error_code"] as? Int == 21332)
      #expect(signedOutPost.status == .unauthorized && signedOutPost.object["error_code"] as? Int == 21301)
      #expect(json.status == .unsupportedMediaType)
    }
  }

  @Test func publicPicturesAreServedWithoutTheirGPS() async throws {
    let p = try await People()
    let rationals = TestJPEG.gpsRationals
    let tagged = TestJPEG.withGPS(try Self.photo("#336699"))
    #expect(tagged.range(of: rationals) != nil)

    try await p.world.test { client in
      let posted = try await client.checkin(Self.fields + [("visibility", "public")], pics: [tagged], token: p.aliceToken)
      let pic = try #require((posted.object["pics"] as? [[String: Any]])?.first)

      for key in ["thumbnail", "large"] {
        let url = try #require(pic[key] as? String)
        let served = try await client.get(String(url.dropFirst("http://sparrow.test".count)))
        #expect(served.status == .ok)
        let bytes = Data(buffer: served.body)
        #expect(bytes.range(of: rationals) == nil)
        #expect(bytes.range(of: Data("Exif".utf8)) == nil)
      }
    }
  }
}

func encoded(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text }

extension TestResponse {
  /// The envelope's message.
  var error: String { object["error"] as? String ?? "" }
}

extension TestClientProtocol {
  /// A multipart check-in (or edit, at `path`) with `pics` as `pic` parts.
  func checkin(_ fields: [(String, String)], pics: [Data] = [], path: String = "/daka/api/checkins", token: String?)
    async throws -> TestResponse
  {
    var headers: HTTPFields = [.contentType: "multipart/form-data; boundary=SparrowBoundary"]
    if let token { headers[.authorization] = "OAuth2 \(token)" }
    let files = pics.enumerated().map { (name: "pic", filename: "p\($0.offset).jpg", type: "image/jpeg", data: $0.element) }
    return try await execute(uri: path, method: .post, headers: headers, body: multipart(fields, files: files))
  }
}
