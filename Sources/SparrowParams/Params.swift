import Foundation
import SparrowCore
import MultipartKit
import NIOCore
import SparrowStore

/// A file sent in a multipart body.
package struct UploadedFile: Sendable {
  package let filename: String
  package let contentType: String
  package let data: ByteBuffer

  package init(filename: String, contentType: String, data: ByteBuffer) {
    self.filename = filename
    self.contentType = contentType
    self.data = data
  }
}

/// A request whose parameters cannot be read. Each app answers it in its own format (the Weibo envelope,
/// the deals API's `errorMessage`, an HTML page), naming the parameter.
package enum ParamError: Error, Equatable, Sendable {
  /// A required parameter is absent or empty.
  case missing(String)
  /// A parameter's value is not of the expected form.
  case invalid(String, expected: String, got: String)
  /// A list parameter names nothing.
  case emptyList(String)
  /// A list parameter names more than `max` items.
  case tooMany(String, max: Int)
  /// The body cannot be parsed (a broken multipart body, a missing boundary).
  case malformed
  /// The body is longer than the route accepts.
  case bodyTooLarge
  /// The body's media type is not form or multipart.
  case unsupportedMedia(String)
  /// A value that is not text: a broken percent-escape, bytes that are not UTF-8, or a NUL, which would be
  /// acknowledged whole and read back cut short.
  case notText(String)
}

/// The parameters of a request: query, form or multipart body, merged (the body wins on conflicts).
package struct Params: Sendable {
  package private(set) var values: [String: [String]] = [:]
  /// Files by field name, in the order sent; a file input left empty sends none.
  package private(set) var uploads: [String: [UploadedFile]] = [:]

  package init(values: [String: [String]] = [:]) {
    self.values = values
  }

  /// A JSON object's members as parameters, the way Rails reads the same names from a form: a scalar is `name`
  /// (true/false as `true`/`false`, null as absent), an array of scalars `name[]`, an object's members
  /// `name[key]`, nested within one level. Anything else is malformed.
  package mutating func merge(json body: ByteBuffer) throws {
    guard body.readableBytes > 0 else { return }
    guard let object = try? JSONDecoder().decode([String: JSONParam].self, from: Data(body.readableBytesView)) else {
      throw ParamError.malformed
    }
    func add(_ name: String, _ value: JSONParam, depth: Int) throws {
      switch value {
      case .list(let items):
        for item in items {
          guard let text = try item.scalar(name) else { continue }
          values[name + "[]", default: []].append(text)
        }
      case .members(let members) where depth == 0:
        for (key, item) in members { try add("\(name)[\(key)]", item, depth: 1) }
      default:
        if let text = try value.scalar(name) { values[name] = [text] }
      }
    }
    for (name, value) in object { try add(name, value, depth: 0) }
  }

  /// The first value of a parameter; empty strings count as absent.
  package subscript(_ name: String) -> String? {
    guard let value = values[name]?.last, !value.isEmpty else { return nil }
    return value
  }

  /// Every value of a repeated parameter.
  package func all(_ name: String) -> [String] { values[name] ?? [] }

  /// The first file sent as `name`.
  package func file(_ name: String) -> UploadedFile? { uploads[name]?.first }

  /// Every file sent as `name`.
  package func files(_ name: String) -> [UploadedFile] { uploads[name] ?? [] }

  package func require(_ name: String) throws -> String {
    guard let value = self[name] else { throw ParamError.missing(name) }
    return value
  }

  /// An integer parameter; a value that is not one is error 10017.
  package func int64(_ name: String) throws -> Int64? {
    guard let text = self[name] else { return nil }
    guard let value = Int64(text.trimmingCharacters(in: .whitespaces)) else {
      throw ParamError.invalid(name, expected: "int64", got: text)
    }
    return value
  }

  package func int(_ name: String, default value: Int) throws -> Int {
    guard let parsed = try int64(name) else { return value }
    guard let int = Int(exactly: parsed) else { throw ParamError.invalid(name, expected: "int", got: String(parsed)) }
    return int
  }

  /// A positive id; missing throws `missing`.
  package func id(_ name: String, missing: some Error) throws -> Int64 {
    guard let id = try int64(name) else { throw missing }
    guard id > 0 else { throw ParamError.invalid(name, expected: "positive int64", got: String(id)) }
    return id
  }

  /// A comma-separated id list (also given as repeated parameters).
  package func ids(_ name: String, max: Int) throws -> [Int64] {
    let parts = all(name).flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
    guard !parts.isEmpty else { throw ParamError.emptyList(name) }
    guard parts.count <= max else { throw ParamError.tooMany(name, max: max) }
    return try parts.map {
      guard let id = Int64($0), id > 0 else { throw ParamError.invalid(name, expected: "int64 list", got: $0) }
      return id
    }
  }

  /// These parameters with `extra` added where they name nothing.
  package func adding(_ extra: [String: String]) -> Params {
    var copy = self
    for (name, value) in extra where copy[name] == nil { copy.values[name] = [value] }
    return copy
  }

  /// A flag given as 0/1.
  package func flag(_ name: String) throws -> Bool { try int(name, default: 0) != 0 }

  /// since_id, max_id, count (clamped to 1...max), page (1-based, at most 10,000).
  package func page(defaultCount: Int, maxCount: Int) throws -> Page {
    let since = try int64("since_id") ?? 0
    let maxID = try int64("max_id") ?? 0
    guard since >= 0 else { throw ParamError.invalid("since_id", expected: "int64 >= 0", got: String(since)) }
    guard maxID >= 0 else { throw ParamError.invalid("max_id", expected: "int64 >= 0", got: String(maxID)) }
    let count = min(max(try int("count", default: defaultCount), 1), maxCount)
    let page = min(max(try int("page", default: 1), 1), 10_000)
    return Page(sinceID: since, maxID: maxID, count: count, page: page)
  }

  // MARK: Parsing

  package mutating func merge(formEncoded text: String) throws {
    // By bytes, as the encoding is defined: a `&` or `=` followed by a combining mark is one Character, so
    // splitting by characters would join pairs that every other reader separates.
    for pair in text.utf8.split(separator: UInt8(ascii: "&")) {
      let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = Self.decode(parts[0]) else {
        throw ParamError.notText(String(decoding: parts[0].prefix(40), as: UTF8.self))
      }
      guard !name.isEmpty else { continue }
      guard let value = parts.count > 1 ? Self.decode(parts[1]) : "" else { throw ParamError.notText(name) }
      values[name, default: []].append(value)
    }
  }

  /// `+` and `%XX` decoded; nil unless the result is UTF-8 text without NUL.
  package static func decode(_ encoded: some Collection<UInt8>) -> String? {
    guard let text = FormEncoding.unescape(encoded, plusAsSpace: true), !text.utf8.contains(0) else { return nil }
    return text
  }

  /// `bytes` as a string, if they are UTF-8 without NUL.
  static func text(_ bytes: some Collection<UInt8>) -> String? {
    guard !bytes.contains(0), let string = String(validating: bytes, as: UTF8.self) else { return nil }
    return string
  }

  package static func boundary(in contentType: String) -> String? {
    guard let boundary = parameter("boundary", in: contentType), !boundary.isEmpty else { return nil }
    return boundary
  }

  /// Lenient multipart: header names in any case, any part order, odd content types, stray headers.
  package mutating func merge(multipart body: ByteBuffer, boundary: String) throws {
    // MultipartKit 4.7.1 traps on a byte past 0x7F in a part's header name (it looks bytes up in a 128-entry
    // table), which would take the server down (found by FuzzMultipart). So a first pass reads a copy with each
    // such byte turned into DEL, which every state treats as it treats them (the boundary is below DEL) but the
    // header name, where DEL is refused instead.
    guard boundary.utf8.allSatisfy({ $0 < 0x7F }) else { throw ParamError.malformed }
    do {
      try MultipartParser(boundary: boundary).execute(body.readableBytesView.map { $0 < 0x80 ? $0 : 0x7F })
    } catch {
      throw ParamError.malformed
    }
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
    do { try parser.execute(body) } catch { throw ParamError.malformed }
    for (headers, data) in parts {
      guard let disposition = headers["content-disposition"],
        let name = Self.parameter("name", in: disposition)
      else { continue }
      if let filename = Self.parameter("filename", in: disposition) {
        // A browser's empty file input sends a part with no name and no bytes.
        guard !(filename.isEmpty && data.readableBytes == 0) else { continue }
        uploads[name, default: []].append(UploadedFile(
          filename: filename, contentType: headers["content-type"] ?? "application/octet-stream", data: data))
      } else {
        guard let value = Self.text(data.readableBytesView) else { throw ParamError.notText(name) }
        values[name, default: []].append(value)
      }
    }
  }

  /// The value of field `name` in the first bytes of a form or multipart body, if it is complete there.
  package static func field(_ name: String, inPrefix prefix: ByteBuffer, contentType: String) -> String? {
    let bytes = Array(prefix.readableBytesView)
    if contentType.lowercased().hasPrefix("multipart/form-data") {
      guard let boundary = boundary(in: contentType) else { return nil }
      let marker = Array("name=\"\(name)\"".utf8)
      var from = 0
      while let at = bytes[from...].firstRange(of: marker) {
        from = at.upperBound
        // The marker must be in a part's headers: the value starts after the blank line that ends them.
        guard let headersEnd = bytes[at.upperBound...].firstRange(of: Array("\r\n\r\n".utf8)),
          !bytes[at.upperBound..<headersEnd.lowerBound].contains(where: { $0 == 0 }),
          let valueEnd = bytes[headersEnd.upperBound...].firstRange(of: Array("\r\n--\(boundary)".utf8))
        else { continue }
        return text(bytes[headersEnd.upperBound..<valueEnd.lowerBound])
      }
      return nil
    }
    // Form encoding: whole pairs only (the last one may be cut short).
    let pairs = bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true)
    for pair in bytes.last == UInt8(ascii: "&") ? pairs[...] : pairs.dropLast() {
      let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2, decode(parts[0]) == name else { continue }
      return decode(parts[1])
    }
    return nil
  }

  /// A parameter of a header value (`multipart/form-data; boundary=…`, `form-data; name="…"`), unquoted.
  /// Read by bytes: a `;`, `=` or `"` followed by a combining mark is one Character, and would not delimit.
  private static func parameter(_ key: String, in header: String) -> String? {
    for part in header.utf8.split(separator: UInt8(ascii: ";")).dropFirst() {
      let pair = part.split(separator: UInt8(ascii: "="), maxSplits: 1)
      guard pair.count == 2, String(decoding: pair[0], as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased() == key
      else { continue }
      let value = String(decoding: pair[1], as: UTF8.self).trimmingCharacters(in: .whitespaces)
      let bytes = value.utf8, quote = UInt8(ascii: "\"")
      return bytes.count >= 2 && bytes.first == quote && bytes.last == quote
        ? String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self) : value
    }
    return nil
  }
}

/// One value of a JSON body, as `Params.merge(json:)` reads it.
private indirect enum JSONParam: Decodable {
  case null, text(String), list([JSONParam]), members([String: JSONParam])

  init(from decoder: any Decoder) throws {
    let single = try decoder.singleValueContainer()
    if single.decodeNil() { self = .null; return }
    if let flag = try? single.decode(Bool.self) { self = .text(flag ? "true" : "false"); return }
    if let number = try? single.decode(Int64.self) { self = .text(String(number)); return }
    if let number = try? single.decode(Double.self) { self = .text(String(number)); return }
    if let text = try? single.decode(String.self) { self = .text(text); return }
    if let items = try? single.decode([JSONParam].self) { self = .list(items); return }
    self = .members(try single.decode([String: JSONParam].self))
  }

  /// The value as one parameter's text; nil for null; an array or object here is malformed.
  func scalar(_ name: String) throws -> String? {
    switch self {
    case .null: return nil
    case .text(let text):
      guard !text.contains("\0") else { throw ParamError.notText(name) }
      return text
    case .list, .members: throw ParamError.malformed
    }
  }
}
