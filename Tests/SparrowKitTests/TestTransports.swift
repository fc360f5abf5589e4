import Foundation
import SparrowKit

/// A transport double: records each request and answers with the next canned response.
actor StubTransport: HTTPTransport {
  private(set) var requests: [TransportRequest] = []
  private var responses: [Result<TransportResponse, any Error>]

  init(_ responses: TransportResponse...) {
    self.responses = responses.map { .success($0) }
  }

  init(failing error: any Error) {
    responses = [.failure(error)]
  }

  func send(_ request: TransportRequest) async throws -> TransportResponse {
    requests.append(request)
    guard !responses.isEmpty else { return TransportResponse(status: 500, body: Data("no canned response".utf8)) }
    return try responses.removeFirst().get()
  }

  /// Queues another response.
  func enqueue(_ response: TransportResponse) { responses.append(.success(response)) }

  var last: TransportRequest? { requests.last }
}

/// A transport that holds every request until the test releases it, to see what happens meanwhile.
actor GateTransport: HTTPTransport {
  private(set) var requests: [TransportRequest] = []
  private var held: [CheckedContinuation<TransportResponse, Never>] = []
  private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

  func send(_ request: TransportRequest) async throws -> TransportResponse {
    requests.append(request)
    return await withCheckedContinuation { continuation in
      held.append(continuation)
      let ready = waiters.filter { $0.count <= requests.count }
      waiters.removeAll { $0.count <= requests.count }
      for waiter in ready { waiter.continuation.resume() }
    }
  }

  /// Returns once `count` requests are being held.
  func waitForRequests(_ count: Int) async {
    if held.count >= count { return }
    await withCheckedContinuation { waiters.append((count, $0)) }
  }

  /// Answers the oldest held request.
  func release(_ response: TransportResponse) {
    guard !held.isEmpty else { return }
    held.removeFirst().resume(returning: response)
  }
}

/// A 200 answer with `value` written as Sparrow writes it.
func ok(_ value: some Encodable) -> TransportResponse {
  // Test data always encodes.
  TransportResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data((try? JSONWriter().encode(value)) ?? []))
}

/// A raw JSON answer.
func json(_ text: String, status: Int = 200) -> TransportResponse {
  TransportResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
}

func status(_ id: Int64, text: String = "微博") -> Status {
  Status(id: id, createdAt: "Tue May 31 17:46:55 +0800 2011", text: text, source: "", user: User(id: 1, screenName: "小明"))
}

func page(_ ids: [Int64]) -> TransportResponse {
  ok(StatusList(statuses: ids.map { status($0) }, previousCursor: 0, nextCursor: 0, totalNumber: ids.count))
}

let server = URL(string: "https://sparrow.test/")!

/// The query parameters of a request URL.
func queryItems(_ request: TransportRequest?) -> [String: String] {
  guard let request, let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems else { return [:] }
  return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
}

/// The fields of a form-encoded body.
func formFields(_ request: TransportRequest?) -> [String: String] {
  guard let body = request?.body, let text = String(data: body, encoding: .utf8), !text.isEmpty else { return [:] }
  var fields: [String: String] = [:]
  for pair in text.split(separator: "&") {
    let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
    fields[parts[0]] = parts.count > 1 ? parts[1] : ""
  }
  return fields
}
