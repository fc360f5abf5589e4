import Foundation

// What both engines store alike, written once here; each engine keeps only its dialect's SQL.

/// A moment as both engines store it: milliseconds since 1970.
package func millis(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
/// The moment `millis` stored.
package func date(_ millis: Int64) -> Date { Date(timeIntervalSince1970: Double(millis) / 1000) }

/// `s` escaped for `LIKE … ESCAPE '\'`.
package func likeEscaped(_ s: String) -> String {
  s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
    .replacingOccurrences(of: "_", with: "\\_")
}

/// Search terms of this many characters (Unicode scalars, as the tokenizers count) or more use the trigram
/// indexes (SQLite's FTS5 `trigram` tables, PostgreSQL's `pg_trgm`); both need three to help.
package let trigram = 3
/// How many of the newest statuses a search shorter than `trigram` reads.
package let shortSearchReach = 20_000

/// How text search folds case, on both engines: letters of every script match their other case (É and é, Σ and
/// σ), one character for one, as Swift's `lowercased()` does it. The trigram indexes fold so themselves; a scan
/// compares `SearchFolding.folded` texts.
package enum SearchFolding {
  /// `text` as a scan compares it.
  package static func folded(_ text: String) -> String { text.lowercased() }

  /// Whether folding can neither change `words` nor make them out of other characters: none of its scalars is a
  /// letter with case, nor a mark that lowering writes (U+0307 after İ). A text then holds `words` exactly when its
  /// folded form does, so a check need not fold each text it reads (Chinese words: most searches).
  package static func isCaseless(_ words: String) -> Bool {
    words.unicodeScalars.allSatisfy { !$0.properties.isCased && !$0.properties.isCaseIgnorable }
  }
}

/// Substring search of words the trigram indexes cannot help with (团购's keywords are mostly two characters: 火锅,
/// 烤鸭): each text is indexed by its adjacent pairs of Unicode scalars, a word's pairs must all be there, and the
/// few texts that have them are then checked for the word itself. SQLite's engine offers `sparrow_bigrams(text)`
/// for its FTS5 tables; PostgreSQL's apps compute the same pairs in SQL for a GIN index.
package enum SearchBigrams {
  /// `text`'s pairs as FTS5 barewords, each "g" and the hex of its UTF-8, space-separated and each once.
  package static func tokens(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    guard scalars.count >= 2 else { return "" }
    // Bytes, not string concatenation: the SQL function runs for every indexed row (a demo load indexes thousands).
    let hex = Array("0123456789abcdef".utf8)
    var seen = Set<[UInt8]>()
    var out: [UInt8] = []
    var token: [UInt8] = []
    var pair: [UInt8] = []
    for index in 1..<scalars.count {
      pair.removeAll(keepingCapacity: true)
      pair.append(contentsOf: UTF8.encode(scalars[index - 1])!)
      pair.append(contentsOf: UTF8.encode(scalars[index])!)
      token.removeAll(keepingCapacity: true)
      token.append(UInt8(ascii: "g"))
      for byte in pair { token.append(hex[Int(byte >> 4)]); token.append(hex[Int(byte & 0xF)]) }
      if seen.insert(token).inserted {
        if !out.isEmpty { out.append(UInt8(ascii: " ")) }
        out.append(contentsOf: token)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Whether `word` is long enough for the pairs to help (a single character has none).
  package static func helps(_ word: String) -> Bool { word.unicodeScalars.count >= 2 }

  /// An FTS5 query for the texts with every pair of `text` (`tokens`, each required).
  package static func allPairs(_ text: String) -> String {
    tokens(text).split(separator: " ").joined(separator: " AND ")
  }

  /// PostgreSQL's function `name(text)`: the text's pairs of characters, each once, for a GIN index (`@>` asks for
  /// the rows with all of a word's pairs). Each app that searches so defines its own (its migrations are its own).
  package static func postgresFunction(_ name: String) -> String {
    """
    CREATE FUNCTION \(name)(text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      SELECT coalesce(array_agg(DISTINCT substr($1, i, 2)), '{}') FROM generate_series(1, char_length($1) - 1) AS i
    $$
    """
  }
}

extension String {
  /// A column list with every column prefixed by `table.`, for queries that join.
  package func qualified(_ table: String) -> String {
    split(separator: ",").map { "\(table).\($0.trimmingCharacters(in: .whitespacesAndNewlines))" }.joined(separator: ", ")
  }
}
