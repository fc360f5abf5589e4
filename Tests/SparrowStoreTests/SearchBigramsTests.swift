import SparrowStore
import Testing

/// The pairs both engines index a deal's text by: "g" and the hex of the pair's UTF-8, each pair once, in order.
@Test func searchBigramsAreEachPairOnceAsHexBarewords() {
  #expect(SearchBigrams.tokens("") == "")
  #expect(SearchBigrams.tokens("火") == "")
  #expect(SearchBigrams.tokens("ab") == "g6162")
  #expect(SearchBigrams.tokens("火锅火锅") == "ge781abe99485 ge99485e781ab")
  #expect(SearchBigrams.tokens("a😀") == "g61f09f9880")
}
