import Foundation

/// The API client: sends typed endpoints to a Sparrow (or Weibo-compatible) server and decodes the answers.
public actor SparrowClient {
  /// The server root, e.g. `https://sparrow.example/`; paths such as `2/statuses/show.json` go under it.
  public nonisolated let baseURL: URL
  /// What carries the requests.
  public nonisolated let transport: any HTTPTransport
  /// The token sent as `Authorization: OAuth2 <token>`; nil before login.
  public private(set) var accessToken: String?

  public init(baseURL: URL, accessToken: String? = nil, transport: any HTTPTransport = URLSessionTransport()) {
    self.baseURL = baseURL
    self.accessToken = accessToken
    self.transport = transport
  }

  /// Replaces the token (after login, refresh or logout).
  public func setAccessToken(_ token: String?) {
    accessToken = token
  }

  /// Sends `endpoint` and returns its decoded answer; throws `APIError`.
  public nonisolated func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
    let token = endpoint.sendsToken ? await accessToken : nil
    let request = try request(for: endpoint, token: token)
    let response: TransportResponse
    do {
      response = try await transport.send(request)
    } catch let error as APIError {
      throw error
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      throw APIError.transport(String(describing: error))
    }
    return try Self.read(response, as: endpoint)
  }

  /// The HTTP request for `endpoint`: URL with query, token header, and a form or multipart body for POSTs.
  public nonisolated func request<Response>(for endpoint: Endpoint<Response>, token: String?) throws -> TransportRequest {
    var base = baseURL.absoluteString
    if !base.hasSuffix("/") { base += "/" }
    var text = base + endpoint.path
    if !endpoint.query.isEmpty { text += "?" + FormEncoding.encode(endpoint.query) }
    guard let url = URL(string: text) else { throw APIError.invalidRequest(text) }
    var headers = ["Accept": "application/json"]
    if let token, !token.isEmpty { headers["Authorization"] = "OAuth2 \(token)" }
    var body: Data?
    if endpoint.method == .post {
      if endpoint.files.isEmpty {
        headers["Content-Type"] = "application/x-www-form-urlencoded; charset=utf-8"
        body = Data(FormEncoding.encode(endpoint.form).utf8)
      } else {
        let form = MultipartForm(fields: endpoint.form, files: endpoint.files)
        headers["Content-Type"] = form.contentType
        body = form.body
      }
    }
    return TransportRequest(url: url, method: endpoint.method.rawValue, headers: headers, body: body)
  }

  /// Error envelopes are small; a large 200 body is never read twice.
  private static let errorProbeLimit = 4096

  static func read<Response>(_ response: TransportResponse, as endpoint: Endpoint<Response>) throws -> Response {
    // Success is HTTP 200 with no `error_code`: some servers send the envelope with 200.
    if response.status != 200 || response.body.count <= errorProbeLimit,
      let error = try? WeiboCoding.decoder().decode(ErrorBody.self, from: response.body)
    {
      throw APIError.server(
        code: error.errorCode, message: error.errorDescription ?? error.error, httpStatus: response.status,
        request: error.request)
    }
    guard response.status == 200 else {
      throw APIError.http(status: response.status, body: String(decoding: response.body.prefix(512), as: UTF8.self))
    }
    do {
      return try endpoint.decode(response.body)
    } catch {
      throw APIError.decoding(String(describing: error))
    }
  }
}
