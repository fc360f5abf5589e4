import Foundation

/// A row's pictures column: a JSON array of `PictureRef` objects, as every engine and app writes it.
package enum PictureList {
  /// The pictures `text` holds; none for an empty or unreadable column. The columns as written (objects of string
  /// and integer members, in any order) are read by hand: JSONDecoder spent more time on a timeline page's
  /// pictures than everything else the page costs. Anything else goes through JSONDecoder.
  package static func decode(_ text: String) -> [PictureRef] {
    if text.isEmpty { return [] }
    var text = text
    if let pictures = text.withUTF8({ bytes -> [PictureRef]? in
      var reader = PlainJSONReader(bytes: bytes)
      guard let pictures = list(&reader), reader.end() else { return nil }
      return pictures
    }) {
      return pictures
    }
    return (try? JSONDecoder().decode([PictureRef].self, from: Data(text.utf8))) ?? []
  }

  static func list(_ reader: inout PlainJSONReader) -> [PictureRef]? {
    reader.list { reader in
      guard reader.take(UInt8(ascii: "{")) else { return nil }
      var id: String?, ext: String?, width: Int?, height: Int?, frames = 1, size = 0, description: String?, blurhash: String?
      repeat {
        guard let key = reader.string(), reader.take(UInt8(ascii: ":")) else { return nil }
        switch key {
        case "id": id = reader.string()
        case "ext": ext = reader.string()
        case "width": width = reader.integer()
        case "height": height = reader.integer()
        case "frames": guard let value = reader.integer() else { return nil }; frames = value
        case "bytes": guard let value = reader.integer() else { return nil }; size = value
        case "description": guard let value = reader.string() else { return nil }; description = value
        case "blurhash": guard let value = reader.string() else { return nil }; blurhash = value
        default: return nil
        }
      } while reader.take(UInt8(ascii: ","))
      guard reader.take(UInt8(ascii: "}")), let id, let ext, let width, let height else { return nil }
      return PictureRef(id: id, ext: ext, width: width, height: height, frames: frames, bytes: size, description: description,
                        blurhash: blurhash)
    }
  }
}

/// A reader of plain JSON only, for columns the engines write in a known shape (pictures, a deal's sections): it
/// gives up (nil) on escapes, fractions and anything its caller does not expect, which then goes to JSONDecoder.
package struct PlainJSONReader {
  let bytes: UnsafeBufferPointer<UInt8>
  var at = 0

  package init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// A whole array of what `element` reads, and nothing after it.
  package mutating func list<T>(_ element: (inout PlainJSONReader) -> T?) -> [T]? {
    guard take(UInt8(ascii: "[")) else { return nil }
    var items: [T] = []
    if take(UInt8(ascii: "]")) { return items }
    repeat {
      guard let item = element(&self) else { return nil }
      items.append(item)
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "]")) ? items : nil
  }

  package mutating func string() -> String? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = at
    while at < bytes.count, bytes[at] != UInt8(ascii: "\"") {
      guard bytes[at] != UInt8(ascii: "\\"), bytes[at] >= 0x20 else { return nil }
      at += 1
    }
    guard at < bytes.count else { return nil }
    defer { at += 1 }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
  }

  package mutating func integer() -> Int? {
    space()
    let negative = at < bytes.count && bytes[at] == UInt8(ascii: "-")
    if negative { at += 1 }
    var value = 0, digits = 0
    while at < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) {
      let (times, o1) = value.multipliedReportingOverflow(by: 10)
      let (sum, o2) = times.addingReportingOverflow(Int(bytes[at] - UInt8(ascii: "0")))
      guard !o1, !o2 else { return nil }
      value = sum
      digits += 1
      at += 1
    }
    // A fraction or an exponent is not this shape.
    guard digits > 0 else { return nil }
    if at < bytes.count {
      switch bytes[at] {
      case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
      default: break
      }
    }
    return negative ? -value : value
  }

  package mutating func take(_ byte: UInt8) -> Bool {
    space()
    guard at < bytes.count, bytes[at] == byte else { return false }
    at += 1
    return true
  }

  package mutating func end() -> Bool {
    space()
    return at == bytes.count
  }

  mutating func space() {
    while at < bytes.count {
      switch bytes[at] {
      case 0x20, 0x09, 0x0A, 0x0D: at += 1
      default: return
      }
    }
  }
}
