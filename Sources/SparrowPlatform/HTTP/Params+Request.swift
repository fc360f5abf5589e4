import Hummingbird
import NIOCore
// Every module that serves requests reads parameters: they come with the platform.
@_exported import SparrowParams

extension Params {
  /// The query's parameters alone.
  package static func query(of request: Request) throws -> Params {
    var params = Params()
    if let query = request.uri.query { try params.merge(formEncoded: query) }
    return params
  }

  /// Reads the query and, for a POST, the body (up to `limit` bytes). Past `openLimit` bytes the body is read
  /// on only once `admit` accepts what came so far: a caller whose credentials are in the body (the Weibo
  /// SDKs send `access_token` as a field before the picture) must prove them before the server reads megabytes.
  /// `query` is the query's parameters when the caller has read them already.
  /// With `json`, a JSON object body is read too (`merge(json:)`); otherwise it is refused as unsupported.
  package static func read(_ request: inout Request, query: Params? = nil, limit: Int, openLimit: Int? = nil,
                           json: Bool = false, admit: (ByteBuffer) async throws -> Void = { _ in }) async throws -> Params
  {
    var params = try query ?? Self.query(of: request)
    guard request.method == .post || request.method == .put || request.method == .patch else { return params }
    var body = ByteBuffer()
    var admitted = openLimit.map { $0 >= limit } ?? true
    var refusal: (any Error)?
    do {
      for try await chunk in request.body {
        var chunk = chunk
        let total = body.readableBytes + chunk.readableBytes
        if total <= limit { body.writeBuffer(&chunk) }
        if !admitted, let openLimit, total > openLimit {
          do {
            try await admit(body.readableBytes > 0 ? body : chunk)
            admitted = true
          } catch {
            refusal = error  // the rest stays unread
            break
          }
        }
        guard total <= limit else { throw ParamError.bodyTooLarge }
      }
    } catch let error as ParamError {
      throw error
    } catch let error as HTTPError where error.status == .contentTooLarge {
      throw ParamError.bodyTooLarge
    } catch {
      // A broken chunked body, or one that ends before its Content-Length: the client's fault, not ours.
      throw ParamError.malformed
    }
    if let refusal { throw refusal }
    request.body = RequestBody(buffer: body)
    let contentType = request.headers[.contentType] ?? ""
    let mediaType = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    switch mediaType {
    case "multipart/form-data":
      guard let boundary = Self.boundary(in: contentType) else { throw ParamError.malformed }
      try params.merge(multipart: body, boundary: boundary)
    case "application/json" where json:
      try params.merge(json: body)
    case "application/json":
      throw ParamError.unsupportedMedia("application/json")
    default:
      // Form encoding is the default: some clients send no content type at all.
      try params.merge(formEncoded: String(buffer: body))
    }
    return params
  }
}

extension Request {
  /// The value of the cookie `name` (Hummingbird's `cookies[name]?.value`: the first `name=` of the `Cookie`
  /// headers' `;`-separated parts, leading whitespace dropped; nil when empty), found without making every part a
  /// string first: that was 2 % of each signed-in page (its session, and on some its form token's cookie).
  package func cookie(_ name: String) -> String? {
    let wanted = Array(name.utf8)
    for header in headers[values: .cookie] {
      let bytes = Array(header.utf8)
      var start = 0
      while start < bytes.count {
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: ";") { end += 1 }
        var first = start
        while first < end, bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t") { first += 1 }
        let equals = first + wanted.count
        if equals < end, bytes[equals] == UInt8(ascii: "="), bytes[first..<equals].elementsEqual(wanted) {
          // The first with the name decides; an empty value is none, as Hummingbird has it.
          return equals + 1 < end ? String(decoding: bytes[(equals + 1)..<end], as: UTF8.self) : nil
        }
        start = end + 1
      }
    }
    return nil
  }
}
