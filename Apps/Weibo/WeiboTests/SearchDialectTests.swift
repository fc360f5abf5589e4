import SparrowDemo
import SparrowStore
import Synchronization
import Testing
import WeiboStore

/// The indexes `WeiboSQL.Dialect` keeps against those its engine's closure makes, over a random run of words (short
/// and long, repeated, differing by a character or by case, in Han and in Latin letters that fold): every index must be the one made for
/// exactly the words asked, and a short word asked again must not be made again. The keep is bounded, so its
/// generations turn over.
@Test(arguments: [7, 2_031] as [UInt64])
func keptSearchIndexesAreTheWordsAsked(seed: UInt64) {
  let made = Mutex<[String: Int]>([:])
  let dialect = WeiboSQL.Dialect(
    indexed: { words in
      made.withLock { $0[words, default: 0] += 1 }
      return WeiboSQL.PublicIndex(table: words, match: "m \(words)", id: "id")
    },
    scan: { _ in "" }, mutualsByKey: false)
  var random = SplitMix(seed: seed)
  func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
  let letters = ["周", "末", "a", "A", "İ", "i", "é", " "]
  var asked: [String] = []
  for step in 0..<3_000 {
    let words = asked.isEmpty || roll(3) == 0
      ? String((0..<(1 + roll(roll(8) == 0 ? 80 : 6))).map { _ in letters[roll(letters.count)] }.joined())
      : asked[asked.count - 1 - roll(min(asked.count, 40))]
    asked.append(words)
    let before = made.withLock { $0[words] ?? 0 }
    let index = dialect.indexed(words)
    let expected: SQL = "m \(words)"
    #expect(index.table == words && "\(index.match.values)" == "\(expected.values)", "step \(step)")
    let after = made.withLock { $0[words] ?? 0 }
    // Made again only when it was never made, is too long to keep, or has aged out of the last 512 words kept.
    if before > 0, words.utf8.count <= 64, asked.suffix(60).dropLast().contains(words) {
      #expect(after == before, "step \(step): \(words) made again")
    }
  }
}
