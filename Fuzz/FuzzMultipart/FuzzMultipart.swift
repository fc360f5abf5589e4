import Foundation
import FuzzSupport
import NIOCore
import SparrowKit
import SparrowParams

/// Multipart bodies: the input's first line is the Content-Type, the rest the body. Reading never traps,
/// answers only `ParamError`, gives values that are text without NUL, and never more bytes than were sent.
/// The same lines, as `name<TAB>value` fields and `@name<TAB>filename<TAB>type<TAB>bytes` files, sent as the
/// SDK's `MultipartForm` encodes them, read back as they were.
@main enum FuzzMultipart {
  static func main() { FuzzTarget.main("FuzzMultipart", check: check) }

  static func check(_ data: Data) {
    let bytes = Array(data)
    let lineEnd = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
    let contentType = String(decoding: bytes[..<lineEnd], as: UTF8.self)
    let body = lineEnd < bytes.endIndex ? Array(bytes[(lineEnd + 1)...]) : []
    checkRoundTrip(boundary: contentType, lines: body)
    guard let boundary = Params.boundary(in: contentType) else { return }

    var params = Params()
    do {
      try params.merge(multipart: ByteBuffer(bytes: body), boundary: boundary)
    } catch {
      FuzzTarget.require(error is ParamError, "\(error)")
      return
    }
    var total = 0
    for (name, values) in params.values {
      for value in values {
        FuzzTarget.require(!value.utf8.contains(0), "NUL in \(name.debugDescription)")
        total += value.utf8.count
      }
    }
    for (_, files) in params.uploads {
      for file in files { total += file.data.readableBytes }
    }
    FuzzTarget.require(total <= body.count, "\(total) bytes read from a body of \(body.count)")
  }

  static func checkRoundTrip(boundary text: String, lines: [UInt8]) {
    // What the encoder assumes: an RFC 2046 boundary, and names, file names and types that need no quoting.
    let bchars = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=?".utf8)
    let boundary = String(decoding: text.utf8.filter(bchars.contains).prefix(70), as: UTF8.self)
    guard !boundary.isEmpty else { return }
    func name(_ bytes: ArraySlice<UInt8>) -> String {
      String(decoding: bytes.filter { !Array("\";\r\n\\".utf8).contains($0) }, as: UTF8.self)
    }
    var fields: [String: String] = [:]
    var files: [FormFile] = []
    // No line holds a LF, so no value or file holds the delimiter.
    for line in lines.split(separator: UInt8(ascii: "\n")) {
      let parts = line.split(separator: UInt8(ascii: "\t"), maxSplits: 3, omittingEmptySubsequences: false)
      if line.first == UInt8(ascii: "@"), parts.count == 4 {
        let type = String(decoding: parts[2].filter { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ";") }, as: UTF8.self)
        files.append(FormFile(name: "f" + name(parts[0].dropFirst()), fileName: name(parts[1]),
                              contentType: type.isEmpty ? "application/octet-stream" : type, data: Data(parts[3])))
      } else {
        fields["v" + name(parts[0])] = String(decoding: Array(parts.dropFirst().joined(separator: [9])), as: UTF8.self)
      }
    }
    // RFC 2046 wants at least one part; MultipartKit refuses a body that is only the close delimiter.
    guard !fields.isEmpty || !files.isEmpty else { return }
    let form = MultipartForm(fields: fields, files: files, boundary: boundary)
    FuzzTarget.require(Params.boundary(in: form.contentType) == boundary, "boundary of \(form.contentType)")

    var params = Params()
    let read = Result { try params.merge(multipart: ByteBuffer(bytes: form.body), boundary: boundary) }
    if fields.values.contains(where: { $0.utf8.contains(0) }) {
      FuzzTarget.require((try? read.get()) == nil, "a NUL was read back")
      return
    }
    FuzzTarget.require((try? read.get()) != nil, "\(read) for \(String(decoding: form.body, as: UTF8.self).debugDescription)")
    FuzzTarget.require(params.values.mapValues { $0.map { Array($0.utf8) } } == fields.mapValues { [Array($0.utf8)] },
                       "fields \(fields) read back as \(params.values)")
    // A browser's empty file input: no file name, no bytes.
    let kept = files.filter { !($0.fileName.isEmpty && $0.data.isEmpty) }
    let expected = Dictionary(grouping: kept, by: \.name).mapValues {
      $0.map { [Array($0.fileName.utf8), Array($0.contentType.utf8), Array($0.data)] }
    }
    let got = params.uploads.mapValues {
      $0.map { [Array($0.filename.utf8), Array($0.contentType.utf8), Array($0.data.readableBytesView)] }
    }
    FuzzTarget.require(got == expected, "files \(expected) read back as \(got)")
  }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  FuzzMultipart.check(FuzzTarget.input(bytes, count))
  return 0
}
#endif
