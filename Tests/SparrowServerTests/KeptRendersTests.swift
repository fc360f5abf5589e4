@testable import SparrowPlatform
import Testing

/// `KeptRenders` keeps rows by their hash and compares the kept row's model with the asked one: models whose hashes
/// are equal must still each show their own markup, whichever was kept first, alone or in one list, and the keep
/// must keep serving after one replaced the other.
@Suite struct KeptRendersTests {
  /// A row whose hash is its group alone: every row of a group collides with the others.
  struct Row: PageModel, Hashable, Sendable {
    let group: Int
    let name: String
    func child(named name: String) -> Any? { name == "name" ? self.name : nil }
    func hash(into hasher: inout Hasher) { hasher.combine(group) }
  }

  @Test func equalHashesOfUnequalRowsEachShowTheirOwn() throws {
    let pages = try TemplateLibrary([("row", "<li>{{name}}</li>")])
    let renders = KeptRenders<Row>("row", pages: pages, limit: 4)
    let a = Row(group: 1, name: "甲"), b = Row(group: 1, name: "<乙>"), c = Row(group: 2, name: "丙")
    #expect(a.hashValue == b.hashValue && a != b)
    #expect(renders.html(a) == "<li>甲</li>")
    #expect(renders.html(b) == "<li>&lt;乙&gt;</li>")
    #expect(renders.html(a) == "<li>甲</li>")
    #expect(renders.html([a, b, c, b, a]) == "<li>甲</li><li>&lt;乙&gt;</li><li>丙</li><li>&lt;乙&gt;</li><li>甲</li>")
    #expect(renders.html([b, a]) == "<li>&lt;乙&gt;</li><li>甲</li>")
    #expect(renders.html([]) == "")
    // Many more rows than the keep holds, then the first ones again.
    let many = (0..<20).map { Row(group: $0 % 3, name: "第\($0)") }
    #expect(renders.html(many) == many.map { "<li>\($0.name)</li>" }.joined())
    #expect(renders.html([c, a]) == "<li>丙</li><li>甲</li>")
  }
}
