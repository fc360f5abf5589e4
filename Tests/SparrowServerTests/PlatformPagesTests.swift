import Foundation
import Hummingbird
import HummingbirdTesting
@testable import SparrowPlatform
import SparrowStore
import SparrowTestSupport
import Testing

/// The platform's page models: the words and links they work out, and the layout their templates extend.
@Suite struct PlatformPagesTests {
  static let app = AppRecord(id: 1, clientID: "key", secretHash: "", name: "客户端", url: "", redirectURI: "https://a.test/cb",
                             firstParty: false, createdAt: Date())

  static func params(_ pairs: [String: String]) -> Params { Params(values: pairs.mapValues { [$0] }) }

  @Test func aCancelledAuthorizationWithoutADescriptionSaysTheUsualWords() {
    let page = OAuthResultPage(params: Self.params(["error": "access_denied", "error_description": ""]))

    #expect(page.title == "授权已取消")
    #expect(page.error == "access_denied")
    #expect(page.errorDescription == nil)
  }

  @Test func aCodeWinsOverAnError() {
    let page = OAuthResultPage(params: Self.params(["code": "abc", "error": "access_denied", "error_description": "x"]))

    #expect(page.title == "授权成功")
    #expect(page.error == nil && page.errorDescription == nil)
    #expect(OAuthResultPage(params: Self.params([:])).title == "授权结果")
  }

  @Test func switchingAccountsRepeatsTheRequestWithForcedLogin() {
    let params = Self.params(["client_id": "key", "redirect_uri": "https://a.test/cb", "state": "s 1", "userId": "bob"])

    let page = AuthorizePage(app: Self.app, params: params, redirectURI: "https://a.test/cb", consent: [],
                             responseType: "code", path: "/oauth2/authorize",
                             query: "client_id=key&state=s%201", error: nil, account: "alice", csrf: "t", demo: nil)

    #expect(page.switchURL == "/oauth2/authorize?client_id=key&redirect_uri=https%3A%2F%2Fa.test%2Fcb&state=s%201&forcelogin=true")
    #expect(page.signupURL == "/signup?next=%2Foauth2%2Fauthorize%3Fclient_id%3Dkey%26state%3Ds%25201")
    #expect(page.appURL == nil)
    #expect(page.username == "bob")
    #expect(page.child(named: "account") as? String == "alice")
  }

  @Test func platformPagesExtendTheLayout() async throws {
    let pages = try await TemplateLibrary.load()

    let html = pages.text("error", ErrorPage(title: "出错<了>", message: "m", code: 21323))

    #expect(html.hasPrefix("<!doctype html>\n<html lang=\"zh-CN\">\n<head>\n<meta charset=\"utf-8\">"))
    #expect(html.contains("<title>出错&lt;了&gt; - Sparrow 微博</title>\n<style>"))
    #expect(!html.contains("name=\"referrer\""))
    #expect(html.contains("<p class=\"meta\">错误码：21323</p>"))
    #expect(html.hasSuffix("</main>\n</body>\n</html>\n"))
  }

  @Test func theCancelledPageSaysSoWithoutADescription() async throws {
    let world = try await TestWorld()

    try await world.test { client in
      let page = try await client.get("/oauth2/default.html?error=access_denied")

      #expect(page.text.contains("<p class=\"message\">你已取消对该应用的授权。</p>"))
      #expect(page.text.contains("<title>授权已取消 - Sparrow 微博</title>"))
      #expect(page.text.contains("<meta name=\"referrer\" content=\"no-referrer\">"))
    }
  }
}

/// What a web route throws reaches a person as a page with the right status, never as a 500.
@Suite struct HTMLErrorMiddlewareTests {
  @Test func aParameterErrorIsABadRequestPageNamingTheParameter() async throws {
    let router = Router(context: SparrowContext.self)
    router.add(middleware: HTMLErrorMiddleware { status, message, _ in
      Response(status: status, body: .init(byteBuffer: ByteBuffer(string: message)))
    })
    router.get("/page") { _, _ -> Response in throw ParamError.invalid("page", expected: "a number", got: "x") }
    router.get("/broken") { _, _ -> Response in throw CancellationError() }

    try await Application(router: router).test(.router) { client in
      try await client.execute(uri: "/page", method: .get) { response in
        #expect(response.status == .badRequest)
        #expect(String(buffer: response.body) == "参数 page 不正确")
      }
      try await client.execute(uri: "/broken", method: .get) { response in
        #expect(response.status == .internalServerError)
      }
    }
  }
}
