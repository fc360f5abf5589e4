import Hummingbird

extension OAuthController {
  /// `/oauth2/*` and `/signup`: the JSON endpoints answer in the platform's envelope, the pages in HTML.
  func register(on router: Router<SparrowContext>) {
    let oauth = self
    let pages = self.pages
    /// A page's parameters; what cannot be read is shown as the platform's error page.
    @Sendable func page(_ request: Request, limit: Int, _ body: (Request, Params) async throws -> Response)
      async throws -> Response
    {
      var request = request
      let params: Params
      do {
        params = try await Params.read(&request, limit: limit)
      } catch let error as ParamError {
        let failure = EnvelopeError(error)
        return pages.error(ErrorPage(title: "请求无法识别", message: failure.error, code: failure.code), status: failure.status)
      }
      return try await body(request, params)
    }

    registerStandard(on: router) { request, limit, body in try await page(request, limit: limit, body) }
    router.get("/oauth2/authorize") { request, _ in
      try await page(request, limit: Platform.formLimit) { try await oauth.authorizePage($0, params: $1) }
    }
    router.post("/oauth2/authorize") { request, context in
      try await page(request, limit: Platform.formLimit) {
        try await oauth.authorizeSubmit($0, params: $1, address: context.clientAddress)
      }
    }
    for path in ["/oauth2/access_token", "/oauth2/get_token_info", "/oauth2/revokeoauth2"] {
      for method in [HTTPRequest.Method.get, .post] {
        router.on(RouterPath(path), method: method) { request, context in
          var request = request
          let params: Params
          do {
            params = try await Params.read(&request, limit: Platform.formLimit)
          } catch let error as ParamError {
            throw EnvelopeError(error)
          }
          switch path {
          case "/oauth2/access_token":
            guard request.method == .post else { throw EnvelopeError.wrongMethod }
            return try await oauth.accessToken(params, address: context.clientAddress)
          case "/oauth2/get_token_info":
            guard request.method == .post else { throw EnvelopeError.wrongMethod }
            return try await oauth.tokenInfo(params, headers: request.headers)
          default:
            return try await oauth.revoke(params, headers: request.headers)
          }
        }
      }
    }
    router.get("/oauth2/default.html") { request, _ in
      try await page(request, limit: 0) { _, params in
        return pages.render("oauth_default", OAuthResultPage(params: params))
      }
    }
    router.get("/signup") { request, _ in
      try await page(request, limit: 0) { oauth.signupPage($0, params: $1) }
    }
    router.post("/signup") { request, context in
      try await page(request, limit: Platform.formLimit) {
        try await oauth.signupSubmit($0, params: $1, address: context.clientAddress)
      }
    }
  }
}
