import Foundation
import FuzzSupport
import SparrowCore
import SparrowParams

/// Form and query parameters: read byte for byte as a plain reading of the form encoding would, never a name
/// or value with NUL, and whatever `FormEncoding` writes reads back as it was; `boundary=` read from any
/// Content-Type.
@main enum FuzzParams {
  static func main() { FuzzTarget.main("FuzzParams", check: check) }

  static func check(_ data: Data) {
    // The body or query as `Params.read` hands it over.
    let text = String(decoding: data, as: UTF8.self)
    var params = Params()
    let read = Result { try params.merge(formEncoded: text) }
    let expected = reference(Array(text.utf8))
    switch (read, expected) {
    case (.success, let expected?):
      FuzzTarget.require(same(params.values, expected), "read \(params.values), a plain reading gives \(expected)")
    case (.failure(let error), nil):
      FuzzTarget.require(error is ParamError, "\(error)")
    default:
      FuzzTarget.require(false, "read \(read), a plain reading gives \(String(describing: expected))")
    }
    for (name, values) in params.values {
      FuzzTarget.require(!name.isEmpty && !name.utf8.contains(0), "name \(name.debugDescription)")
      FuzzTarget.require(values.allSatisfy { !$0.utf8.contains(0) }, "NUL in \(name)")
    }
    if let decoded = Params.decode(text.utf8) {
      FuzzTarget.require(!decoded.utf8.contains(0), "decoded a NUL")
      if !text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) {
        FuzzTarget.require(Array(decoded.utf8) == Array(text.utf8), "decoding plain text changed it")
      }
    }

    checkRoundTrip(text)
    checkBoundary(text)
  }

  /// Lines of `name<TAB>value`, written by `FormEncoding` and read back.
  static func checkRoundTrip(_ text: String) {
    let pairs = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
      let parts = line.split(separator: UInt8(ascii: "\t"), maxSplits: 1, omittingEmptySubsequences: false)
      return (String(decoding: parts[0], as: UTF8.self), parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : "")
    }
    // A pair without a name is skipped unread.
    let hasNUL = pairs.contains { !$0.0.isEmpty && ($0.0.utf8.contains(0) || $0.1.utf8.contains(0)) }

    var inOrder = Params()
    let readInOrder = Result { try inOrder.merge(formEncoded: FormEncoding.encode(pairs: pairs)) }
    let unique = Dictionary(pairs, uniquingKeysWith: { _, last in last })
    var sorted = Params()
    let readSorted = Result { try sorted.merge(formEncoded: FormEncoding.encode(unique)) }

    if hasNUL {
      FuzzTarget.require((try? readInOrder.get()) == nil, "a NUL was read back")
      return
    }
    FuzzTarget.require((try? readInOrder.get()) != nil && (try? readSorted.get()) != nil, "text not read back: \(readInOrder), \(readSorted)")
    var expected: [String: [String]] = [:]
    for (name, value) in pairs where !name.isEmpty { expected[name, default: []].append(value) }
    FuzzTarget.require(same(inOrder.values, expected), "pairs \(pairs) read back as \(inOrder.values)")
    FuzzTarget.require(same(sorted.values, unique.filter { !$0.key.isEmpty }.mapValues { [$0] }),
                       "\(unique) read back as \(sorted.values)")
  }

  /// Whatever `boundary=` gives is part of the header; an RFC 2046 boundary reads back, quoted or not.
  static func checkBoundary(_ text: String) {
    if let boundary = Params.boundary(in: text) {
      FuzzTarget.require(!boundary.isEmpty && text.contains(boundary), "boundary \(boundary.debugDescription)")
    }
    let allowed = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=? ".unicodeScalars)
    var boundary = String(String.UnicodeScalarView(text.unicodeScalars.filter(allowed.contains).prefix(70)))
    while boundary.hasSuffix(" ") { boundary.removeLast() }
    while boundary.hasPrefix(" ") { boundary.removeFirst() }
    guard !boundary.isEmpty else { return }
    for header in ["multipart/form-data; boundary=\(boundary)", "multipart/form-data;BOUNDARY=\"\(boundary)\"; charset=utf-8"] {
      FuzzTarget.require(Params.boundary(in: header) == boundary, "\(header.debugDescription) gives \(String(describing: Params.boundary(in: header)))")
    }
  }

  /// The form encoding read byte by byte: pairs split at `&`, names from values at the first `=`, `+` and
  /// `%XX` decoded, and refused unless UTF-8 without NUL.
  static func reference(_ bytes: [UInt8]) -> [String: [String]]? {
    func hex(_ c: UInt8) -> UInt8? { UInt8(exactly: Int(String(UnicodeScalar(c)), radix: 16) ?? -1) }
    func decode(_ bytes: ArraySlice<UInt8>) -> String? {
      var out: [UInt8] = []
      var i = bytes.startIndex
      while i < bytes.endIndex {
        switch bytes[i] {
        case UInt8(ascii: "+"): out.append(UInt8(ascii: " "))
        case UInt8(ascii: "%"):
          guard i + 2 < bytes.endIndex, let high = hex(bytes[i + 1]), let low = hex(bytes[i + 2]) else { return nil }
          out.append(high << 4 | low)
          i += 2
        case let byte: out.append(byte)
        }
        i += 1
      }
      guard !out.contains(0) else { return nil }
      return String(validating: out, as: UTF8.self)
    }
    var values: [String: [String]] = [:]
    for pair in bytes.split(separator: UInt8(ascii: "&")) {
      let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = decode(parts[0]) else { return nil }
      guard !name.isEmpty else { continue }
      guard let value = parts.count > 1 ? decode(parts[1]) : "" else { return nil }
      values[name, default: []].append(value)
    }
    return values
  }

  /// Byte for byte: `==` on String would forgive a change of normalisation.
  static func same(_ a: [String: [String]], _ b: [String: [String]]) -> Bool {
    a.count == b.count && a.allSatisfy { name, values in
      b[name].map { $0.map { Array($0.utf8) } == values.map { Array($0.utf8) } } ?? false
    }
  }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  FuzzParams.check(FuzzTarget.input(bytes, count))
  return 0
}
#endif
