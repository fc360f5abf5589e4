import Foundation
import SparrowKit

/// A decoded answer with the body it was read from, so `--json` can print what the server sent.
struct Answer<Value: Sendable>: Sendable {
  /// The decoded value.
  let value: Value
  /// The raw body.
  let json: Data
}

extension Endpoint {
  /// The same call, keeping the raw body beside the decoded value.
  var keepingJSON: Endpoint<Answer<Response>> {
    let decode = self.decode
    // Each specialisation has its own nested `Method` type.
    let method = Endpoint<Answer<Response>>.Method(rawValue: self.method.rawValue) ?? .get
    return Endpoint<Answer<Response>>(
      method: method, path: path, query: query, form: form, files: files, sendsToken: sendsToken
    ) { data in Answer(value: try decode(data), json: data) }
  }
}

extension SparrowClient {
  /// Sends `endpoint` and returns the decoded answer with its raw body.
  nonisolated func answer<Response>(_ endpoint: Endpoint<Response>) async throws -> Answer<Response> {
    try await send(endpoint.keepingJSON)
  }
}
