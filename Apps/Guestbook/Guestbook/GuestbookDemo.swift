import SparrowDemo

/// The guestbook's part of the demo world: a line from each of the first three demo people.
package struct GuestbookDemo: DemoPart {
  let store: any GuestbookStore

  package func load(_ cast: inout DemoCast) async throws -> DemoCount {
    for (index, person) in cast.users.prefix(3).enumerated() {
      let at = cast.start.addingTimeInterval(Double(index + 1) * 60)
      try await store.sign(GuestbookEntry(id: cast.ids.next(at: at), userID: person.id, text: "到此一游 \(index + 1)", createdAt: at))
    }
    return DemoCount(notes: ["留言簿: \(min(3, cast.users.count)) lines, at /guestbook/api/entries."])
  }
}
