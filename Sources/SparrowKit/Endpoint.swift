import Foundation

/// One API call: method, path, parameters, and how to read its answer.
public struct Endpoint<Response: Sendable>: Sendable {
  /// The HTTP methods the API uses.
  public enum Method: String, Sendable {
    case get = "GET"
    case post = "POST"
  }

  /// GET for reads, POST for writes.
  public var method: Method
  /// The path under the server root, e.g. `2/statuses/home_timeline.json`.
  public var path: String
  /// Query-string parameters.
  public var query: [String: String]
  /// Body parameters of a POST (form-encoded, or multipart when there are files).
  public var form: [String: String]
  /// Files of a multipart POST.
  public var files: [FormFile]
  /// Whether the call sends the access token (OAuth's own endpoints do not need it).
  public var sendsToken: Bool
  /// Reads a 200 body.
  public let decode: @Sendable (Data) throws -> Response

  public init(
    method: Method = .get, path: String, query: [String: String] = [:], form: [String: String] = [:],
    files: [FormFile] = [], sendsToken: Bool = true, decode: @escaping @Sendable (Data) throws -> Response
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.form = form
    self.files = files
    self.sendsToken = sendsToken
    self.decode = decode
  }
}

extension Endpoint where Response: Decodable {
  /// An endpoint whose answer decodes with the shared Weibo decoder.
  public init(
    method: Method = .get, path: String, query: [String: String] = [:], form: [String: String] = [:],
    files: [FormFile] = [], sendsToken: Bool = true
  ) {
    self.init(method: method, path: path, query: query, form: form, files: files, sendsToken: sendsToken) { data in
      try WeiboCoding.decoder().decode(Response.self, from: data)
    }
  }
}

/// A file part of a multipart POST.
public struct FormFile: Sendable, Equatable {
  /// The form field, `pic` for uploads.
  public var name: String
  /// The file name sent.
  public var fileName: String
  /// The MIME type.
  public var contentType: String
  /// The bytes.
  public var data: Data

  public init(name: String, fileName: String, contentType: String, data: Data) {
    self.name = name
    self.fileName = fileName
    self.contentType = contentType
    self.data = data
  }

  /// A picture for the `pic` field; the type is read from the image's first bytes.
  public static func picture(_ data: Data, fileName: String? = nil) -> FormFile {
    let (type, ext) = imageType(of: data)
    return FormFile(name: "pic", fileName: fileName ?? "pic.\(ext)", contentType: type, data: data)
  }

  /// The MIME type and extension for JPEG, PNG, GIF and WebP by their magic bytes.
  public static func imageType(of data: Data) -> (mime: String, ext: String) {
    guard let kind = ImageKind.sniff(data) else { return ("application/octet-stream", "bin") }
    return (kind.mimeType, kind.ext)
  }
}


/// A `multipart/form-data` body.
public struct MultipartForm: Sendable {
  /// The part separator.
  public let boundary: String
  /// The encoded body.
  public let body: Data

  /// Encodes `fields` (sorted by name) and then `files`.
  public init(fields: [String: String], files: [FormFile], boundary: String = "sparrow-" + UUID().uuidString) {
    self.boundary = boundary
    var body = Data()
    func line(_ text: String) { body.append(Data((text + "\r\n").utf8)) }
    for name in fields.keys.sorted() {
      line("--\(boundary)")
      line("Content-Disposition: form-data; name=\"\(Self.quoted(name))\"")
      line("")
      line(fields[name] ?? "")
    }
    for file in files {
      line("--\(boundary)")
      line("Content-Disposition: form-data; name=\"\(Self.quoted(file.name))\"; filename=\"\(Self.quoted(file.fileName))\"")
      line("Content-Type: \(file.contentType)")
      line("")
      body.append(file.data)
      line("")
    }
    line("--\(boundary)--")
    self.body = body
  }

  /// The `Content-Type` header value.
  public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

  private static func quoted(_ text: String) -> String {
    text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }
}
