import Foundation
import Hummingbird
import MultipartKit
import NIOCore
import SparrowStore

/// A file sent in a multipart body.
struct UploadedFile: Sendable {
  let filename: String
  let contentType: String
  let data: ByteBuffer
}

/// The parameters of a request: query, form or multipart body, merged (the body wins on conflicts).
struct Params: Sendable {
  private(set) var values: [String: [String]] = [:]
  /// Files by field name, in the order sent; a file input left empty sends none.
  private(set) var uploads: [String: [UploadedFile]] = [:]

  init(values: [String: [String]] = [:]) {
    self.values = values
  }

  /// Reads the query and, for a POST, the body (up to `limit` bytes).
  static func read(_ request: inout Request, limit: Int) async throws -> Params {
    var params = Params()
    if let query = request.uri.query { params.merge(formEncoded: query) }
    guard request.method == .post || request.method == .put else { return params }
    let body: ByteBuffer
    do {
      body = try await request.collectBody(upTo: limit)
    } catch is NIOTooManyBytesError {
      throw WeiboError.bodyTooLarge
    } catch let error as HTTPError where error.status == .contentTooLarge {
      throw WeiboError.bodyTooLarge
    }
    let contentType = request.headers[.contentType] ?? ""
    let mediaType = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    switch mediaType {
    case "multipart/form-data":
      guard let boundary = Self.boundary(in: contentType) else { throw WeiboError.paramError }
      try params.merge(multipart: body, boundary: boundary)
    case "application/json":
      throw WeiboError.unsupportedMedia("application/json")
    default:
      // Form encoding is the default: some clients send no content type at all.
      params.merge(formEncoded: String(buffer: body))
    }
    return params
  }

  /// The first value of a parameter; empty strings count as absent.
  subscript(_ name: String) -> String? {
    guard let value = values[name]?.last, !value.isEmpty else { return nil }
    return value
  }

  /// Every value of a repeated parameter.
  func all(_ name: String) -> [String] { values[name] ?? [] }

  /// The first file sent as `name`.
  func file(_ name: String) -> UploadedFile? { uploads[name]?.first }

  /// Every file sent as `name`.
  func files(_ name: String) -> [UploadedFile] { uploads[name] ?? [] }

  func require(_ name: String) throws -> String {
    guard let value = self[name] else { throw WeiboError.missing(name) }
    return value
  }

  /// An integer parameter; a value that is not one is error 10017.
  func int64(_ name: String) throws -> Int64? {
    guard let text = self[name] else { return nil }
    guard let value = Int64(text.trimmingCharacters(in: .whitespaces)) else {
      throw WeiboError.badParameter(name, expected: "int64", got: text)
    }
    return value
  }

  func int(_ name: String, default value: Int) throws -> Int {
    guard let parsed = try int64(name) else { return value }
    guard let int = Int(exactly: parsed) else { throw WeiboError.badParameter(name, expected: "int", got: String(parsed)) }
    return int
  }

  /// A positive id; missing gives `missing`.
  func id(_ name: String, missing: WeiboError) throws -> Int64 {
    guard let id = try int64(name) else { throw missing }
    guard id > 0 else { throw WeiboError.badParameter(name, expected: "positive int64", got: String(id)) }
    return id
  }

  /// A comma-separated id list (also given as repeated parameters).
  func ids(_ name: String, max: Int) throws -> [Int64] {
    let parts = all(name).flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
    guard !parts.isEmpty else { throw WeiboError.idsEmpty }
    guard parts.count <= max else { throw WeiboError.idsTooMany }
    return try parts.map {
      guard let id = Int64($0), id > 0 else { throw WeiboError.badParameter(name, expected: "int64 list", got: $0) }
      return id
    }
  }

  /// A flag given as 0/1.
  func flag(_ name: String) throws -> Bool { try int(name, default: 0) != 0 }

  /// since_id, max_id, count (clamped to 1...max), page (1-based, at most 10,000).
  func page(defaultCount: Int, maxCount: Int) throws -> Page {
    let since = try int64("since_id") ?? 0
    let maxID = try int64("max_id") ?? 0
    guard since >= 0 else { throw WeiboError.badParameter("since_id", expected: "int64 >= 0", got: String(since)) }
    guard maxID >= 0 else { throw WeiboError.badParameter("max_id", expected: "int64 >= 0", got: String(maxID)) }
    let count = min(max(try int("count", default: defaultCount), 1), maxCount)
    let page = min(max(try int("page", default: 1), 1), 10_000)
    return Page(sinceID: since, maxID: maxID, count: count, page: page)
  }

  // MARK: Parsing

  mutating func merge(formEncoded text: String) {
    for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = Self.decode(parts[0])
      guard !name.isEmpty else { continue }
      values[name, default: []].append(parts.count > 1 ? Self.decode(parts[1]) : "")
    }
  }

  private static func decode(_ s: Substring) -> String {
    let spaced = s.replacingOccurrences(of: "+", with: " ")
    return spaced.removingPercentEncoding ?? spaced
  }

  static func boundary(in contentType: String) -> String? {
    for part in contentType.split(separator: ";").dropFirst() {
      let pair = part.split(separator: "=", maxSplits: 1)
      guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
      let value = pair[1].trimmingCharacters(in: .whitespaces)
      let unquoted = value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2
        ? String(value.dropFirst().dropLast()) : value
      return unquoted.isEmpty ? nil : unquoted
    }
    return nil
  }

  /// Lenient multipart: header names in any case, any part order, odd content types, stray headers.
  mutating func merge(multipart body: ByteBuffer, boundary: String) throws {
    let parser = MultipartParser(boundary: boundary)
    var headers: [String: String] = [:]
    var data = ByteBuffer()
    var parts: [([String: String], ByteBuffer)] = []
    parser.onHeader = { name, value in headers[name.lowercased()] = value }
    parser.onBody = { chunk in data.writeBuffer(&chunk) }
    parser.onPartComplete = {
      parts.append((headers, data))
      headers = [:]
      data = ByteBuffer()
    }
    do { try parser.execute(body) } catch { throw WeiboError.paramError }
    for (headers, data) in parts {
      guard let disposition = headers["content-disposition"],
        let name = Self.dispositionValue("name", in: disposition)
      else { continue }
      if let filename = Self.dispositionValue("filename", in: disposition) {
        // A browser's empty file input sends a part with no name and no bytes.
        guard !(filename.isEmpty && data.readableBytes == 0) else { continue }
        uploads[name, default: []].append(UploadedFile(
          filename: filename, contentType: headers["content-type"] ?? "application/octet-stream", data: data))
      } else {
        values[name, default: []].append(String(buffer: data))
      }
    }
  }

  private static func dispositionValue(_ key: String, in header: String) -> String? {
    for part in header.split(separator: ";").dropFirst() {
      let pair = part.split(separator: "=", maxSplits: 1)
      guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == key else { continue }
      var value = pair[1].trimmingCharacters(in: .whitespaces)
      if value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 { value = String(value.dropFirst().dropLast()) }
      return value
    }
    return nil
  }
}
