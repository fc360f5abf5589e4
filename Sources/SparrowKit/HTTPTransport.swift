import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An HTTP request as the client hands it to a transport.
public struct TransportRequest: Sendable, Equatable {
  /// The full URL, query included.
  public var url: URL
  /// `GET` or `POST`.
  public var method: String
  /// Header fields by name.
  public var headers: [String: String]
  /// The body of a POST.
  public var body: Data?

  public init(url: URL, method: String, headers: [String: String] = [:], body: Data? = nil) {
    self.url = url
    self.method = method
    self.headers = headers
    self.body = body
  }
}

/// An HTTP response as a transport hands it back.
public struct TransportResponse: Sendable, Equatable {
  /// The status code.
  public var status: Int
  /// Header fields by name.
  public var headers: [String: String]
  /// The body.
  public var body: Data

  public init(status: Int, headers: [String: String] = [:], body: Data) {
    self.status = status
    self.headers = headers
    self.body = body
  }
}

/// Sends HTTP requests: URLSession here, AsyncHTTPClient or a test double elsewhere.
public protocol HTTPTransport: Sendable {
  /// Sends `request` and returns the response, whatever its status; throws only when no response came.
  func send(_ request: TransportRequest) async throws -> TransportResponse
}

/// A transport on Foundation's `URLSession`, on Apple platforms and Linux.
public struct URLSessionTransport: HTTPTransport {
  /// The session requests go through.
  public let session: URLSession

  public init(session: URLSession = .shared) {
    self.session = session
  }

  /// Sends `request` with `URLSession`.
  public func send(_ request: TransportRequest) async throws -> TransportResponse {
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = request.method
    urlRequest.httpBody = request.body
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await session.data(for: urlRequest)
    guard let http = response as? HTTPURLResponse else {
      throw APIError.transport("not an HTTP response from \(request.url)")
    }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      if let name = name as? String { headers[name] = "\(value)" }
    }
    return TransportResponse(status: http.statusCode, headers: headers, body: data)
  }
}
