import DakaStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SparrowMedia
import SparrowTestSupport
import Testing

/// Alice and Bob on a fresh world, and what their browsers send: the session cookie and the form token.
struct DakaWebWorld {
  let world: TestWorld
  static let processor = ImageProcessor()

  init() async throws {
    world = try await TestWorld()
    try await world.user("alice")
    try await world.user("bob")
  }

  /// A signed-in browser.
  struct Browser {
    let client: any TestClientProtocol
    let cookie: String
    let csrf: String

    var headers: HTTPFields { [.cookie: cookie] }

    func get(_ uri: String) async throws -> TestResponse { try await client.get(uri, headers: headers) }

    /// Posts a form as the page would: multipart, with the form token unless `csrf` is false.
    func post(_ uri: String, _ fields: [(String, String)], pics: [Data] = [], csrf: Bool = true) async throws -> TestResponse {
      var headers = headers
      headers[.contentType] = "multipart/form-data; boundary=SparrowBoundary"
      let files = pics.enumerated().map { (name: "pic", filename: "p\($0.offset).jpg", type: "image/jpeg", data: $0.element) }
      let all = fields + (csrf ? [("csrf", self.csrf)] : [])
      return try await client.execute(uri: uri, method: .post, headers: headers, body: multipart(all, files: files))
    }

    /// Checks in through the form and returns the new entry's id.
    func checkIn(_ fields: [(String, String)], pics: [Data] = []) async throws -> Int64 {
      let posted = try await post("/daka/new", fields, pics: pics)
      #expect(posted.status == .seeOther)
      let location = try #require(posted.headers[.location])
      return try #require(location.firstMatch(of: /\/daka\/c\/(\d+)/).flatMap { Int64($0.output.1) })
    }
  }

  /// Signs `name` in through the platform's web sign-in (`/web/login`, the authorize form, `/web/callback`).
  static func signIn(_ client: any TestClientProtocol, _ name: String) async throws -> Browser {
    let session = try await client.webSignIn(name).setCookie
    let cookie = String(session.split(separator: ";")[0])
    let page = try await client.get("/daka", headers: [.cookie: cookie])
    let csrf = try #require(page.text.firstMatch(of: /data-csrf="([^"]+)"/).map { String($0.output.1) })
    return Browser(client: client, cookie: cookie, csrf: csrf)
  }

  /// A JPEG of its own colour, so each is a new picture to the content-addressed pipeline.
  static func photo(_ colour: String) throws -> Data { try processor.render(svg: drawing(640, 480, colour: colour), as: .jpeg) }

  static let fields = [("date", "2025-05-01"), ("location", "杭州西湖"), ("spot", "断桥"), ("thoughts", "湖面有雾\n很美")]
}

extension TestResponse {
  /// The briefs of a list's rows, in order.
  /// The brief of the row a search marked as found.
  var found: String? {
    text.firstMatch(of: /id="found">(?s:.*?)<span class="row-brief">(.*?)<\/span>/).map {
      String($0.output.1).replacingOccurrences(of: "<mark>", with: "").replacingOccurrences(of: "</mark>", with: "")
    }
  }

  var briefs: [String] {
    text.matches(of: /<span class="row-brief">(.*?)<\/span>/).map {
      String($0.output.1).replacingOccurrences(of: "<mark>", with: "").replacingOccurrences(of: "</mark>", with: "")
    }
  }
}
