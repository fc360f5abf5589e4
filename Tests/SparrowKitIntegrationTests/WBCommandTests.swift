import AsyncHTTPClient
import Foundation
import SparrowKit
import SparrowKitAHC
import SparrowTestSupport
import Testing

/// The built `wb` binary, run as a subprocess against a live server, each test with its own config folder.
@Suite(.enabled(if: WBBinary.url != nil, "the wb executable is not built next to the tests; run `swift build --build-tests` first"))
struct WBCommandTests {
  @Test func passwordLoginPostThenHomeShowsThePost() async throws {
    try await withWB { wb in
      let login = try await wb.loginWithPassword()
      let post = try await wb.run("post", "今天天气不错 @bob #周末# https://example.org/a")
      let home = try await wb.run("home")

      #expect(login.status == 0)
      #expect(login.stdout.contains("已登录：alice"))
      #expect(post.status == 0, "\(post.stderr)")
      #expect(post.stdout.contains("已发布"))
      #expect(home.status == 0, "\(home.stderr)")
      // 刚刚 for a minute; a loaded machine may take longer between the post and the read.
      #expect(home.stdout.contains(/alice · (刚刚|\d+分钟前) · 来自 Sparrow 终端/))
      #expect(home.stdout.contains("今天天气不错 @bob #周末# https://example.org/a"))
      #expect(home.stdout.contains("转发 0 · 评论 0 · 赞 0"))
      // stdout is a pipe here: no colours.
      #expect(!home.stdout.contains("\u{1B}["))
      #expect(home.stderr.isEmpty)
    }
  }

  @Test func homeJSONIsTheServersTimeline() async throws {
    try await withWB { wb in
      _ = try await wb.loginWithPassword()
      _ = try await wb.run("post", "第一条")

      let home = try await wb.run("home", "--json")

      #expect(home.status == 0)
      let object = try #require(try JSONSerialization.jsonObject(with: Data(home.stdout.utf8)) as? [String: Any])
      let statuses = try #require(object["statuses"] as? [[String: Any]])
      #expect(statuses.first?["text"] as? String == "第一条")
      #expect((statuses.first?["user"] as? [String: Any])?["screen_name"] as? String == "alice")
    }
  }

  @Test func tooLongPostFailsWithTheServersError() async throws {
    try await withWB { wb in
      _ = try await wb.loginWithPassword()

      let post = try await wb.run("post", String(repeating: "好", count: 141))

      #expect(post.status != 0)
      #expect(post.stderr.contains("错误 20012: Text too long"))
      #expect(post.stdout.isEmpty)
    }
  }

  @Test func logoutRevokesTheTokenAndHomeThenAsksToLogIn() async throws {
    try await withWB { wb in
      _ = try await wb.loginWithPassword()
      let token = try #require(AccountStore(folder: wb.config).load()?.accessToken)

      let logout = try await wb.run("logout")
      let home = try await wb.run("home")
      let error = await #expect(throws: APIError.self) { try await wb.server.client(token: token).send(Accounts.getUID()) }

      #expect(logout.status == 0)
      #expect(logout.stdout.contains("已退出登录"))
      #expect(AccountStore(folder: wb.config).load() == nil)
      #expect(home.status != 0)
      #expect(home.stderr.contains("wb login"))
      #expect(error?.code == 21332)
    }
  }

  @Test func commandsWithoutALoginAskToLogIn() async throws {
    try await withWB { wb in
      let home = try await wb.run("home")

      #expect(home.status == 1)
      #expect(home.stderr.contains("请先运行 wb login"))
    }
  }

  @Test func browserLoginTakesTheCodeOnTheLoopbackRedirect() async throws {
    try await withWB { wb in
      // No app key at all: the server's own terminal client, with PKCE.
      let login = try wb.start(
        ["login", "--server", wb.server.url.absoluteString, "--no-browser", "--config", wb.config.path])

      let line = try await login.line(containing: "/oauth2/authorize?")
      let authorize = try #require(URL(string: line.trimmingCharacters(in: .whitespaces)))
      let redirect = try #require(URLComponents(url: authorize, resolvingAgainstBaseURL: false)?.queryItems?
        .first { $0.name == "redirect_uri" }?.value)
      let callback = try await authorizeLikeABrowser(
        authorize, server: wb.server.url, username: "alice", password: TestWorld.password)
      let page = try await AsyncHTTPClientTransport().send(TransportRequest(url: callback, method: "GET"))
      let result = try await login.finish()

      #expect(redirect.hasPrefix("http://127.0.0.1:"))
      #expect(redirect.hasSuffix("/callback"))
      let query = URLComponents(url: authorize, resolvingAgainstBaseURL: false)?.queryItems ?? []
      #expect(query.first { $0.name == "client_id" }?.value == "sparrow-wb")
      #expect(query.first { $0.name == "code_challenge_method" }?.value == "S256")
      #expect(callback.absoluteString.hasPrefix(redirect + "?code="))
      #expect(page.status == 200)
      #expect(String(decoding: page.body, as: UTF8.self).contains("授权完成"))
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.contains("已登录：alice"))
      #expect(AccountStore(folder: wb.config).load()?.uid == wb.alice)
    }
  }

  @Test func browserLoginRefusesACallbackForAnotherState() async throws {
    try await withWB { wb in
      let login = try wb.start(
        ["login", "--server", wb.server.url.absoluteString, "--no-browser", "--config", wb.config.path])

      let line = try await login.line(containing: "/oauth2/authorize?")
      var forged = try #require(URLComponents(string: line.trimmingCharacters(in: .whitespaces)))
      forged.queryItems = forged.queryItems?.map { $0.name == "state" ? URLQueryItem(name: "state", value: "forged") : $0 }
      let callback = try await authorizeLikeABrowser(
        try #require(forged.url), server: wb.server.url, username: "alice", password: TestWorld.password)
      let page = try await AsyncHTTPClientTransport().send(TransportRequest(url: callback, method: "GET"))
      let result = try await login.finish()

      #expect(String(decoding: page.body, as: UTF8.self).contains("授权没有完成"))
      #expect(result.status == 1)
      #expect(result.stderr.contains("state"))
      #expect(AccountStore(folder: wb.config).load() == nil)
    }
  }

  @Test func loginExpiredOnTheServerAsksToLogInAgain() async throws {
    try await withWB { wb in
      _ = try await wb.loginWithPassword()

      wb.server.world.clock.advance(wb.server.world.deps.config.tokenLifetime + 60)
      let home = try await wb.run("home")

      #expect(home.status == 1)
      #expect(home.stderr.contains("错误 21327"))
      #expect(home.stderr.contains("请重新运行 wb login"))
    }
  }

  @Test func picturesCommentsRepostsLikesAndOlderPages() async throws {
    try await withWB { wb in
      _ = try await wb.loginWithPassword()
      let first = wb.config.appendingPathComponent("a.png")
      let second = wb.config.appendingPathComponent("b.png")
      try TestPicture.png(colour: "#ff8200").write(to: first)
      try TestPicture.png(colour: "#2060ff").write(to: second)
      _ = try await wb.run("post", "旧的一条")

      let one = try await wb.run("post", "一张图", "--pic", first.path)
      let two = try await wb.run("post", "两张图", "--pic", first.path, "--pic", second.path, "--json")
      let id = try #require((try JSONSerialization.jsonObject(with: Data(two.stdout.utf8)) as? [String: Any])?["id"] as? Int64)
      let comment = try await wb.run("comment", String(id), "好看")
      let repost = try await wb.run("repost", String(id), "转给大家")
      let like = try await wb.run("like", String(id))
      let show = try await wb.run("show", String(id))
      let newest = try await wb.run("home", "--count", "2")
      let older = try await wb.run("home", "--count", "2", "--more")
      let oldest = try await wb.run("home", "--count", "2", "--more")
      let beyond = try await wb.run("home", "--count", "2", "--more")

      #expect(one.status == 0, "\(one.stderr)")
      #expect(one.stdout.contains("[图片×1]"))
      #expect(two.status == 0, "\(two.stderr)")
      #expect(comment.stdout.contains("alice: 好看"))
      #expect(repost.stdout.contains("│ @alice: 两张图"))
      #expect(repost.stdout.contains("│ [图片×2]"))
      #expect(like.stdout.contains("已赞"))
      #expect(show.stdout.contains("转发 1 · 评论 1 · 赞 1（已赞）"))
      #expect(show.stdout.contains("评论 1"))
      #expect(newest.stdout.contains("转给大家"))
      #expect(newest.stdout.contains("两张图"))
      #expect(!newest.stdout.contains("一张图"))
      #expect(older.stdout.contains("一张图"))
      #expect(older.stdout.contains("旧的一条"))
      #expect(!older.stdout.contains("两张图"))
      #expect(oldest.status == 0)
      #expect(oldest.stdout.contains("没有更早的微博了"))
      #expect(beyond.stdout.contains("没有更早的微博了"))
    }
  }

  @Test func userShowsTheProfileAndStatuses() async throws {
    try await withWB { wb in
      _ = try await wb.loginWithPassword()
      _ = try await wb.run("post", "我是 alice")

      let user = try await wb.run("user", "alice")
      let nobody = try await wb.run("user", "nobody")

      #expect(user.status == 0, "\(user.stderr)")
      #expect(user.stdout.contains("alice (uid \(wb.alice))"))
      #expect(user.stdout.contains("微博 1"))
      #expect(user.stdout.contains("我是 alice"))
      #expect(nobody.status == 1)
      #expect(nobody.stderr.hasPrefix("错误 "))
    }
  }
}

/// A live server, a first-party loopback app, `alice`, and a fresh `--config` folder for `wb`.
struct WBHarness: Sendable {
  let server: LiveServer
  let app: OAuthApp
  let alice: Int64
  /// The `--config` folder.
  let config: URL

  /// Starts `wb arguments`.
  func start(_ arguments: [String], environment: [String: String] = [:]) throws -> WBProcess {
    try WBProcess(arguments, environment: environment, home: config)
  }

  /// Runs `wb arguments --config <folder>` to the end.
  func run(_ arguments: String...) async throws -> RunResult {
    try await start(arguments + ["--config", config.path]).finish()
  }

  /// `wb login --username alice --password … --client-id … --client-secret …`.
  func loginWithPassword() async throws -> RunResult {
    try await run(
      "login", "--server", server.url.absoluteString, "--username", "alice", "--password", TestWorld.password,
      "--client-id", app.clientID, "--client-secret", app.clientSecret)
  }
}

func withWB(_ body: @Sendable (WBHarness) async throws -> Void) async throws {
  let config = FileManager.default.temporaryDirectory.appendingPathComponent("wb-test-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: config) }
  try await withFixture { fixture in
    try await body(WBHarness(server: fixture.server, app: fixture.app, alice: fixture.alice, config: config))
  }
}
