import Foundation
import Synchronization

/// Encodes `Encodable` values straight into JSON bytes with snake_case keys.
///
/// Foundation's JSONEncoder builds a tree of boxed values first and converts every key again for every
/// object; a page of statuses has thousands of keys, so that cost dominated the API's response time.
/// This encoder streams instead: each container writes as it goes, and the parent closes it.
package struct JSONWriter {
  package init() {}

  /// The JSON for `value`.
  package func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
    let encoder = StreamingEncoder()
    try encoder.encodeValue(value)
    if let refusal = encoder.refusal { throw refusal }
    encoder.shareKeys()
    return encoder.out
  }
}

/// JSON already written by `JSONWriter`, placed as a value as it is: the templates of objects that change rarely
/// (a status for everyone, an account), written once and copied into every page that shows them.
package struct JSONFragment: Encodable, Sendable, Equatable {
  package let bytes: [UInt8]

  package init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// `string` as a JSON string.
  package init(string: String) {
    var out = JSONOutput(capacity: string.utf8.count + 2)
    out.string(string)
    bytes = out.bytes
  }

  package func encode(to encoder: any Encoder) throws {
    guard encoder is StreamingEncoder else {
      throw EncodingError.invalidValue(self, .init(codingPath: encoder.codingPath, debugDescription: "only JSONWriter places fragments"))
    }
    var container = encoder.singleValueContainer()
    try container.encode(self)
  }
}

extension JSONFragment: JSONFieldWriting {
  package func writeJSON(_ out: inout JSONOutput) { out.bytes.append(contentsOf: bytes) }
}

final class StreamingEncoder: Encoder {
  enum Kind { case none, keyed, unkeyed, single }
  struct Frame {
    var kind: Kind = .none
    var count = 0
  }

  var out: [UInt8] = []
  var frames: [Frame] = [Frame()]
  /// Each key's JSON (`"snake_case":`) by its coding key's name: the keys met by every encoder so far (`shared`),
  /// and this one's new ones. A response of one object (an instance document, a list of cities) meets most of its
  /// keys once, so an encoder's own cache alone converted nearly every key afresh: a fifth of such a response.
  var keyCache: [String: [UInt8]]
  private var newKeys = false
  /// Coding keys are the program's (a few hundred names), but a dictionary's keys are data: at most this many are
  /// shared, so that no stream of responses can grow the table without end.
  private static let sharedLimit = 4_096
  private static let shared = Mutex<[String: [UInt8]]>([:])
  /// Set when a value asked for a nested container: a streamed container cannot interleave with its parent's
  /// keys, so the value is refused (`encode` throws) rather than written wrong. Models encode nested values
  /// with `encode(_:forKey:)`, which is streamed.
  var refusal: EncodingError?
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init() {
    keyCache = Self.shared.withLock { $0 }
    out.reserveCapacity(16 * 1024)
  }

  /// Adds the keys this encoder converted to those every encoder starts from.
  func shareKeys() {
    guard newKeys else { return }
    let found = keyCache
    Self.shared.withLock { shared in
      guard shared.count < Self.sharedLimit else { return }
      for (name, bytes) in found where shared[name] == nil {
        guard shared.count < Self.sharedLimit else { return }
        shared[name] = bytes
      }
    }
  }

  /// Encodes `value` in a fresh frame and closes whatever container it opened.
  func encodeNested<T: Encodable>(_ value: T) throws {
    frames.append(Frame())
    try value.encode(to: self)
    let frame = frames.removeLast()
    switch frame.kind {
    case .keyed: out.append(UInt8(ascii: "}"))
    case .unkeyed: out.append(UInt8(ascii: "]"))
    case .single: break
    case .none: out.append(contentsOf: "{}".utf8)
    }
  }

  func open(_ kind: Kind) {
    guard frames[frames.count - 1].kind == .none else { return }
    frames[frames.count - 1].kind = kind
    switch kind {
    case .keyed: out.append(UInt8(ascii: "{"))
    case .unkeyed: out.append(UInt8(ascii: "["))
    default: break
    }
  }

  /// A comma before every element but the first.
  func separate() {
    if frames[frames.count - 1].count > 0 { out.append(UInt8(ascii: ",")) }
    frames[frames.count - 1].count += 1
  }

  func writeKey(_ key: any CodingKey) {
    separate()
    let name = key.stringValue
    if let cached = keyCache[name] {
      out.append(contentsOf: cached)
      return
    }
    var bytes: [UInt8] = []
    Self.appendString(Self.snakeCase(name), to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    keyCache[name] = bytes
    newKeys = true
    out.append(contentsOf: bytes)
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    open(.keyed)
    return KeyedEncodingContainer(KeyedWriter<Key>(encoder: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    open(.unkeyed)
    return UnkeyedWriter(encoder: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    open(.single)
    return SingleWriter(encoder: self)
  }

  // MARK: Values

  func write(_ value: String) { Self.appendString(value, to: &out) }
  func write(_ value: Bool) { out.append(contentsOf: (value ? "true" : "false").utf8) }
  func writeNull() { out.append(contentsOf: "null".utf8) }
  func write<T: BinaryInteger>(_ value: T) { out.append(contentsOf: String(value).utf8) }
  func write(_ value: Double) throws {
    guard value.isFinite else {
      throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "JSON has no \(value)"))
    }
    if value == value.rounded(), abs(value) < 1e15 {
      out.append(contentsOf: String(Int64(value)).utf8)
    } else {
      out.append(contentsOf: "\(value)".utf8)
    }
  }

  static func appendString(_ value: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    // Most text needs no escaping: look at its bytes in place and copy them in one go (walking the UTF-8 view
    // index by index was a fiftieth of a page of deals).
    let copied = value.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
      for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
      out.append(contentsOf: bytes)
      return true
    }
    if copied == true {
      out.append(UInt8(ascii: "\""))
      return
    }
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case ..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }

  /// `screenName` → `screen_name`, as JSONEncoder's `.convertToSnakeCase` does for names without acronyms. Byte by
  /// byte for ASCII names (every coding key here): `Character.isUppercase` asks Unicode's properties, 12 % of a
  /// Mastodon timeline, whose nested encoders each meet their keys anew.
  static func snakeCase(_ name: String) -> String {
    let utf8 = name.utf8
    guard utf8.allSatisfy({ $0 < 0x80 }) else {
      guard name.contains(where: \.isUppercase) else { return name }
      var result = ""
      for character in name {
        if character.isUppercase {
          if !result.isEmpty { result.append("_") }
          result += character.lowercased()
        } else {
          result.append(character)
        }
      }
      return result
    }
    let upper = UInt8(ascii: "A")...UInt8(ascii: "Z")
    guard utf8.contains(where: upper.contains) else { return name }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count + 4)
    for byte in utf8 {
      if upper.contains(byte) {
        if !bytes.isEmpty { bytes.append(UInt8(ascii: "_")) }
        bytes.append(byte + 32)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Records the refusal and hands back a container that writes nowhere (its protocol requirement cannot throw).
  func refuseNested() -> StreamingEncoder {
    if refusal == nil {
      refusal = EncodingError.invalidValue(
        "nested container", .init(codingPath: [], debugDescription: "JSONWriter does not write nested containers"))
    }
    return StreamingEncoder()
  }

  func encodeValue<T: Encodable>(_ value: T) throws {
    // Strings and numbers told by their type first: a cast to a protocol looks its conformance up for every value
    // (a list of 300 city names was a fifth of `get_cities_with_deals`).
    if T.self == String.self { return write(unsafeBitCast(value, to: String.self)) }
    if T.self == Int.self { return write(unsafeBitCast(value, to: Int.self)) }
    if T.self == Int64.self { return write(unsafeBitCast(value, to: Int64.self)) }
    if T.self == Bool.self { return write(unsafeBitCast(value, to: Bool.self)) }
    if T.self == Double.self { return try write(unsafeBitCast(value, to: Double.self)) }
    if let fast = value as? any JSONFieldWriting {
      var output = JSONOutput()
      swap(&output.bytes, &out)
      fast.writeJSON(&output)
      swap(&output.bytes, &out)
      return
    }
    switch value {
    case let v as String: write(v)
    case let v as Bool: write(v)
    case let v as Int: write(v)
    case let v as Int64: write(v)
    case let v as Int32: write(v)
    case let v as UInt64: write(v)
    case let v as Double: try write(v)
    case let v as Float: try write(Double(v))
    case let v as URL: write(v.absoluteString)
    case let v as any BinaryInteger: out.append(contentsOf: String(describing: v).utf8)
    default: try encodeNested(value)
    }
  }
}

struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: StreamingEncoder
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil(forKey key: Key) throws {
    encoder.writeKey(key)
    encoder.writeNull()
  }
  mutating func encode(_ value: Bool, forKey key: Key) throws {
    encoder.writeKey(key)
    encoder.write(value)
  }
  mutating func encode(_ value: String, forKey key: Key) throws {
    encoder.writeKey(key)
    encoder.write(value)
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    encoder.writeKey(key)
    try encoder.write(value)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws {
    encoder.writeKey(key)
    encoder.write(value)
  }
  mutating func encode(_ value: Int64, forKey key: Key) throws {
    encoder.writeKey(key)
    encoder.write(value)
  }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    encoder.writeKey(key)
    try encoder.encodeValue(value)
  }
  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    encoder.refuseNested().container(keyedBy: keyType)
  }
  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    encoder.refuseNested().unkeyedContainer()
  }
  mutating func superEncoder() -> any Encoder { encoder.refuseNested() }
  mutating func superEncoder(forKey key: Key) -> any Encoder { encoder.refuseNested() }
}

struct UnkeyedWriter: UnkeyedEncodingContainer {
  let encoder: StreamingEncoder
  var codingPath: [any CodingKey] { [] }
  var count: Int { encoder.frames[encoder.frames.count - 1].count }

  mutating func encodeNil() throws {
    encoder.separate()
    encoder.writeNull()
  }
  mutating func encode(_ value: String) throws {
    encoder.separate()
    encoder.write(value)
  }
  mutating func encode(_ value: Int64) throws {
    encoder.separate()
    encoder.write(value)
  }
  mutating func encode(_ value: Double) throws {
    encoder.separate()
    try encoder.write(value)
  }
  mutating func encode<T: Encodable>(_ value: T) throws {
    encoder.separate()
    try encoder.encodeValue(value)
  }
  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    encoder.refuseNested().container(keyedBy: keyType)
  }
  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    encoder.refuseNested().unkeyedContainer()
  }
  mutating func superEncoder() -> any Encoder { encoder.refuseNested() }
}

struct SingleWriter: SingleValueEncodingContainer {
  let encoder: StreamingEncoder
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil() throws { encoder.writeNull() }
  mutating func encode(_ value: Bool) throws { encoder.write(value) }
  mutating func encode(_ value: String) throws { encoder.write(value) }
  mutating func encode(_ value: Double) throws { try encoder.write(value) }
  mutating func encode(_ value: Int) throws { encoder.write(value) }
  mutating func encode(_ value: Int64) throws { encoder.write(value) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    // The value's own container replaces this single value: encode into the current frame.
    encoder.frames[encoder.frames.count - 1].kind = .none
    switch value {
    case let v as String: encoder.write(v)
    case let v as Bool: encoder.write(v)
    case let v as Int: encoder.write(v)
    case let v as Int64: encoder.write(v)
    case let v as Double: try encoder.write(v)
    case let v as Float: try encoder.write(Double(v))
    case let v as JSONFragment: encoder.out.append(contentsOf: v.bytes)
    case let v as any BinaryInteger: encoder.out.append(contentsOf: String(describing: v).utf8)
    default:
      try value.encode(to: encoder)
      return
    }
    encoder.frames[encoder.frames.count - 1].kind = .single
  }
}
