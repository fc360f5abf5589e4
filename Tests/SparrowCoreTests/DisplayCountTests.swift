import SparrowCore
import Testing

@Test(arguments: [
  (0, "0"), (1, "1"), (9_999, "9999"), (10_000, "1万"), (12_345, "1.2万"), (12_999, "1.2万"), (19_999, "1.9万"),
  (30_000, "3万"), (99_999, "9.9万"), (100_000, "10万"), (99_999_999, "9999.9万"), (100_000_000, "1亿"),
  (150_000_000, "1.5亿"), (199_999_999, "1.9亿"), (1_000_000_000_000, "10000亿"),
])
func shortCountTruncatesToOneDecimalAndDropsDotZero(_ n: Int, _ expected: String) {
  let text = DisplayCount.short(n)

  #expect(text == expected)
}

@Test(arguments: [
  (0, "转发", "评论", "赞"), (-3, "转发", "评论", "赞"), (1, "1", "1", "1"), (9_999, "9999", "9999", "9999"),
  (10_000, "1万", "1万", "1万"), (36_789, "3.6万", "3.6万", "3.6万"), (120_000_000, "1.2亿", "1.2亿", "1.2亿"),
])
func toolbarCountShowsItsWordAtZeroAndTheShortCountOtherwise(_ n: Int, _ reposts: String, _ comments: String, _ likes: String) {
  let titles = (DisplayCount.reposts(n), DisplayCount.comments(n), DisplayCount.attitudes(n))

  #expect(titles.0 == reposts)
  #expect(titles.1 == comments)
  #expect(titles.2 == likes)
}
