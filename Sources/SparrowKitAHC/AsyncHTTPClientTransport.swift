import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SparrowKit

/// A `HTTPTransport` on AsyncHTTPClient, for Linux, servers and the terminal client.
public struct AsyncHTTPClientTransport: HTTPTransport {
  /// The client requests go through; `HTTPClient.shared` unless one is given (its owner shuts it down).
  public let client: HTTPClient
  /// How long a request may take, body included.
  public let timeout: Duration
  /// The largest body read; a longer answer fails with `APIError.transport`.
  public let maxResponseBytes: Int

  /// The default body cap: far above any page of statuses, far below what would hurt.
  public static let defaultMaxResponseBytes = 32 * 1024 * 1024

  public init(client: HTTPClient = .shared, timeout: Duration = .seconds(60), maxResponseBytes: Int = defaultMaxResponseBytes) {
    self.client = client
    self.timeout = timeout
    self.maxResponseBytes = maxResponseBytes
  }

  /// Runs `body` with a transport on a client of its own made from `configuration`, and shuts the client
  /// down afterwards, whether `body` returns or throws.
  public static func withOwnedClient<T: Sendable>(
    configuration: HTTPClient.Configuration = .init(), timeout: Duration = .seconds(60),
    _ body: (AsyncHTTPClientTransport) async throws -> T
  ) async throws -> T {
    let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    let result: Result<T, any Error>
    do {
      result = .success(try await body(AsyncHTTPClientTransport(client: client, timeout: timeout)))
    } catch {
      result = .failure(error)
    }
    try await client.shutdown()
    return try result.get()
  }

  /// Sends `request` and collects the whole body (up to `maxResponseBytes`).
  public func send(_ request: TransportRequest) async throws -> TransportResponse {
    var outgoing = HTTPClientRequest(url: request.url.absoluteString)
    outgoing.method = HTTPMethod(rawValue: request.method)
    for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
    if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }

    let response = try await client.execute(outgoing, timeout: TimeAmount(timeout))
    let body: ByteBuffer
    do {
      body = try await response.body.collect(upTo: maxResponseBytes)
    } catch is NIOTooManyBytesError {
      throw APIError.transport("the answer from \(request.url) is larger than \(maxResponseBytes) bytes")
    }
    var headers: [String: String] = [:]
    for field in response.headers {
      // Repeated fields fold into one, comma-separated, as HTTP allows; only Set-Cookie breaks that rule, and
      // nothing here keeps cookies.
      headers[field.name] = headers[field.name].map { $0 + ", " + field.value } ?? field.value
    }
    return TransportResponse(status: Int(response.status.code), headers: headers, body: Data(body.readableBytesView))
  }
}
