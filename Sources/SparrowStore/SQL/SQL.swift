import Foundation

/// A statement with its values, composable with `+`: each interpolated value becomes a placeholder numbered
/// when the statement is sent, so conditions built apart (feeds, paging windows) join without renumbering.
/// `\(sql:)` splices another statement's text and values; `\(raw:)` splices SQL text (column lists, fixed
/// fragments), never a value from outside. Rules both engines share are written with it once, above them; each
/// engine renders it in its own placeholders (`$1` for PostgreSQL, `?` for SQLite).
package struct SQL: ExpressibleByStringInterpolation, Sendable {
  /// The text, with `placeholder` where each value goes.
  package var text: String
  package var values: [Value]

  /// A bound value; `nil` binds NULL.
  package enum Value: Sendable {
    case int(Int64?)
    case text(String?)
    case double(Double?)
    case ints([Int64])
    case texts([String])
  }

  package static let placeholder: Character = "\u{1}"

  package init(stringLiteral value: String) {
    text = value
    values = []
  }

  package init(stringInterpolation: Interpolation) {
    text = stringInterpolation.text
    values = stringInterpolation.values
  }

  package struct Interpolation: StringInterpolationProtocol {
    package var text = ""
    package var values: [Value] = []
    package init(literalCapacity: Int, interpolationCount: Int) { text.reserveCapacity(literalCapacity + interpolationCount * 2) }
    package mutating func appendLiteral(_ literal: String) { text += literal }
    package mutating func appendInterpolation(raw: String) { text += raw }
    package mutating func appendInterpolation(sql: SQL) {
      text += sql.text
      values += sql.values
    }
    package mutating func appendInterpolation(_ value: Value) { bind(value) }
    package mutating func appendInterpolation(_ value: Int64?) { bind(.int(value)) }
    package mutating func appendInterpolation(_ value: Int?) { bind(.int(value.map(Int64.init))) }
    package mutating func appendInterpolation(_ value: String?) { bind(.text(value)) }
    package mutating func appendInterpolation(_ value: Double?) { bind(.double(value)) }
    package mutating func appendInterpolation(_ value: [Int64]) { bind(.ints(value)) }
    package mutating func appendInterpolation(_ value: [String]) { bind(.texts(value)) }
    package mutating func bind(_ value: Value) {
      text.append(SQL.placeholder)
      values.append(value)
    }
  }

  package static func + (a: SQL, b: SQL) -> SQL {
    var joined = a
    joined.text += b.text
    joined.values += b.values
    return joined
  }

  package static func += (a: inout SQL, b: SQL) { a = a + b }

  /// The text with `render(number)` in place of each placeholder (numbered from 1). Byte by byte: the placeholder
  /// is one byte in UTF-8 and never inside another character's bytes (walking `Character`s was 4 % of a page).
  package func text(placeholders render: (Int) -> String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + values.count * 3)
    var number = 0
    for byte in text.utf8 {
      if byte == Self.placeholderByte {
        number += 1
        bytes += render(number).utf8
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The text with `?` in place of each placeholder, as SQLite numbers them.
  package var textWithQuestionMarks: String {
    if values.isEmpty { return text }
    // One copy with the bytes swapped in place (mapping into an array and decoding it again was 1–2 % of a page).
    var source = text
    return String(unsafeUninitializedCapacity: source.utf8.count) { buffer in
      source.withUTF8 { bytes in
        for (index, byte) in bytes.enumerated() { buffer[index] = byte == Self.placeholderByte ? UInt8(ascii: "?") : byte }
        return bytes.count
      }
    }
  }

  private static let placeholderByte = UInt8(1)
}
