import Hummingbird
import Logging
import SparrowMedia
import SparrowStore

/// A failure a web route shows a person: an HTML page, or a toast when script asked for a fragment.
package struct WebPageError: Error, Sendable {
  package let status: HTTPResponse.Status
  package let message: String

  package init(_ status: HTTPResponse.Status, _ message: String) {
    self.status = status
    self.message = message
  }

  package static let notFound = WebPageError(.notFound, "页面不存在")
  package static let expiredForm = WebPageError(.forbidden, "页面已过期，请刷新后重试")
}

/// Sets `context.viewer` from the platform's web session cookie.
package struct WebSessionMiddleware: RouterMiddleware {
  let session: WebSession

  package func handle(_ request: Request, context: SparrowContext,
                      next: (Request, SparrowContext) async throws -> Response) async throws -> Response
  {
    var context = context
    context.viewer = try await session.viewer(request)
    return try await next(request, context)
  }
}

/// Reads the query and form body (up to `limit` bytes) into `context.params`, and refuses a POST from a
/// signed-in viewer whose form token (`csrf`) is not the session's. Runs after `WebSessionMiddleware`.
package struct FormMiddleware: RouterMiddleware {
  let limit: Int
  let tooLarge: WebPageError

  package init(limit: Int, tooLarge: WebPageError) {
    self.limit = limit
    self.tooLarge = tooLarge
  }

  package func handle(_ request: Request, context: SparrowContext,
                      next: (Request, SparrowContext) async throws -> Response) async throws -> Response
  {
    var request = request
    var context = context
    do {
      context.params = try await Params.read(&request, limit: limit)
    } catch ParamError.bodyTooLarge {
      throw tooLarge
    } catch is ParamError {
      throw WebPageError(.badRequest, "请求无法识别")
    }
    if request.method == .post, let viewer = context.viewer, !viewer.accepts(context.params["csrf"]) {
      throw WebPageError.expiredForm
    }
    return try await next(request, context)
  }
}

/// Turns what a web route throws into what a person can read: the app's error page (or a toast for
/// fragments), never the API's JSON. `page` renders the app's page for a status and message.
package struct HTMLErrorMiddleware: RouterMiddleware {
  package typealias Page = @Sendable (HTTPResponse.Status, String, SparrowContext) async throws -> Response
  let page: Page

  package init(page: @escaping Page) {
    self.page = page
  }

  package func handle(_ request: Request, context: SparrowContext,
                      next: (Request, SparrowContext) async throws -> Response) async throws -> Response
  {
    let failure: WebPageError
    do {
      return try await next(request, context)
    } catch let error as WebPageError {
      failure = error
    } catch let error as HTTPError where error.status == .notFound {
      failure = .notFound
    } catch let error as EnvelopeError where error.status.code < 500 {
      failure = WebPageError(error.status, "请求无法完成（\(error.code)）")
    } catch StoreError.notFound {
      failure = .notFound
    } catch StoreError.unavailable {
      failure = WebPageError(.serviceUnavailable, "服务暂时不可用，请稍后再试")
    } catch let error as MediaError {
      failure = WebPageError(.badRequest, error.message)
    } catch let error as ParamError {
      failure = WebPageError(.badRequest, error.pageMessage)
    } catch {
      context.logger.error("\(request.uri.path) failed: \(error)")
      failure = WebPageError(.internalServerError, "服务器开小差了，请稍后再试")
    }
    if HTML.wantsFragment(request) { return HTML.toast(failure.message, status: failure.status) }
    return try await page(failure.status, failure.message, context)
  }
}

/// Headers every response carries, whatever the app: no MIME sniffing, no referrer sent to other sites. Behind
/// an https public URL, every cookie is `Secure` and browsers are told to stay on https (HSTS).
package struct SecurityHeadersMiddleware: RouterMiddleware {
  let https: Bool

  package init(https: Bool = false) { self.https = https }

  package func handle(_ request: Request, context: SparrowContext,
                      next: (Request, SparrowContext) async throws -> Response) async throws -> Response
  {
    var response: Response
    do {
      response = try await next(request, context)
    } catch let error as any HTTPResponseError {
      // Errors become responses here rather than in the server, so they carry the headers too.
      response = try error.response(from: request, context: context)
    }
    response.headers[.xContentTypeOptions] = "nosniff"
    response.headers[.referrerPolicy] = "same-origin"
    if https {
      response.headers[.strictTransportSecurity] = "max-age=31536000"
      let cookies = response.headers[values: .setCookie]
      if !cookies.isEmpty {
        response.headers[values: .setCookie] = cookies.map { $0.contains("; Secure") ? $0 : $0 + "; Secure" }
      }
    }
    return response
  }
}

extension ParamError {
  /// What a person reads when a page's own parameter is wrong (a hand-edited link, usually).
  var pageMessage: String {
    switch self {
    case .missing(let name), .emptyList(let name): "缺少参数 \(name)"
    case .invalid(let name, _, _), .notText(let name): "参数 \(name) 不正确"
    case .tooMany(let name, let max): "参数 \(name) 最多 \(max) 项"
    case .bodyTooLarge: "内容太大"
    case .malformed, .unsupportedMedia: "请求无法识别"
    }
  }
}

extension MediaError {
  /// What a person is told about a picture that cannot be used.
  package var message: String {
    switch self {
    case .unsupported: "只能上传 JPEG、PNG、GIF 或 WebP 图片"
    case .tooLarge, .tooManyPixels: "图片太大了"
    case .tooManyFrames: "动图的帧数太多了"
    case .broken: "图片已损坏，无法读取"
    }
  }
}
