import Foundation

/// A row's pictures column: a JSON array of `PictureRef` objects, as every engine and app writes it.
package enum PictureList {
  /// The pictures `text` holds; none for an empty or unreadable column. The columns as written (objects of string
  /// and integer members, in any order) are read by hand: JSONDecoder spent more time on a timeline page's
  /// pictures than everything else the page costs. Anything else goes through JSONDecoder.
  package static func decode(_ text: String) -> [PictureRef] {
    if text.isEmpty { return [] }
    var text = text
    if let pictures = text.withUTF8({ bytes in
      var reader = Reader(bytes: bytes)
      return reader.list()
    }) {
      return pictures
    }
    return (try? JSONDecoder().decode([PictureRef].self, from: Data(text.utf8))) ?? []
  }

  /// A reader of the plain shape only: it gives up (nil) on escapes, nesting, fractions, unknown members.
  private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0

    mutating func list() -> [PictureRef]? {
      guard take(UInt8(ascii: "[")) else { return nil }
      var pictures: [PictureRef] = []
      if take(UInt8(ascii: "]")) { return end() ? pictures : nil }
      repeat {
        guard let picture = object() else { return nil }
        pictures.append(picture)
      } while take(UInt8(ascii: ","))
      return take(UInt8(ascii: "]")) && end() ? pictures : nil
    }

    mutating func object() -> PictureRef? {
      guard take(UInt8(ascii: "{")) else { return nil }
      var id: String?, ext: String?, width: Int?, height: Int?, frames = 1, size = 0, description: String?, blurhash: String?
      repeat {
        guard let key = string(), take(UInt8(ascii: ":")) else { return nil }
        switch key {
        case "id": id = string()
        case "ext": ext = string()
        case "width": width = integer()
        case "height": height = integer()
        case "frames": guard let value = integer() else { return nil }; frames = value
        case "bytes": guard let value = integer() else { return nil }; size = value
        case "description": guard let value = string() else { return nil }; description = value
        case "blurhash": guard let value = string() else { return nil }; blurhash = value
        default: return nil
        }
      } while take(UInt8(ascii: ","))
      guard take(UInt8(ascii: "}")), let id, let ext, let width, let height else { return nil }
      return PictureRef(id: id, ext: ext, width: width, height: height, frames: frames, bytes: size, description: description,
                        blurhash: blurhash)
    }

    mutating func string() -> String? {
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

    mutating func integer() -> Int? {
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

    mutating func take(_ byte: UInt8) -> Bool {
      space()
      guard at < bytes.count, bytes[at] == byte else { return false }
      at += 1
      return true
    }

    mutating func end() -> Bool {
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
}
