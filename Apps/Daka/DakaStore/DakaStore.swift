import Foundation
import SparrowStore

/// 打卡's journal. Privacy lives here: every read takes the viewer, and a private entry reaches no one but its
/// author, whichever way it is asked for.
package protocol DakaStore: Sendable {
  /// Adds an entry and references its pictures (`checkin:<id>`); `.conflict` on a taken id.
  func addCheckin(_ checkin: CheckinRecord) async throws
  /// The entry, when `viewer` may see it (public, or theirs).
  func checkin(id: Int64, viewer: Int64?) async throws -> CheckinRecord?
  /// One page of what `query` shows, newest first by date, then by creation, with how many match in all.
  func checkins(_ query: CheckinQuery) async throws -> FeedPage<CheckinRecord>
  /// Where the entries `query.text` matches stand in the same list without the search (0-based, in its order):
  /// `limit` positions from the `offset`-th match, with how many match in all. A list jumps to a match with it.
  func checkinMatchPositions(_ query: CheckinQuery) async throws -> FeedPage<Int>
  /// Applies the edit in one transaction and returns the entry as it now is; `.notFound` unless the entry is the
  /// editor's; `DakaLimitError` when it would end with more than `maxPictures` pictures. An entry staff hid stays
  /// private (`DakaSQL.hiding`).
  func editCheckin(_ edit: CheckinEdit, maxPictures: Int) async throws -> CheckinRecord
  /// Deletes one of `userID`'s entries and releases its pictures; the entry, or nil when it is not theirs.
  func deleteCheckin(id: Int64, userID: Int64) async throws -> CheckinRecord?
  /// The entry whoever may see it: for staff.
  func anyCheckin(id: Int64) async throws -> CheckinRecord?
  /// Staff hide a public entry or show a hidden one again (`DakaSQL.hiding`), with the platform's `rows` in the
  /// same transaction; false when it was not so or is gone.
  func setCheckinHidden(id: Int64, hidden: Bool, rows: [SQL]) async throws -> Bool
  /// The author's own numbers: every entry, cities and districts of the linked places.
  func checkinStats(userID: Int64) async throws -> CheckinStats
  /// The author's own numbers (`checkinStats`) and exact points, oldest first (by date, then creation): 我的 and
  /// their map's pins, in one read. For the author alone: no one else is ever given another's points this way.
  func checkinStatsAndPoints(userID: Int64) async throws -> (stats: CheckinStats, points: [CheckinPoint])
  /// 我的: one page of `userID`'s own entries as `query` narrows them (its viewer and author are `userID`), with
  /// their numbers and points (`checkinStatsAndPoints`), these kept while their journal stands (`KeptVisits`).
  func ownJournal(userID: Int64, _ query: CheckinQuery) async throws
    -> (list: FeedPage<CheckinRecord>, stats: CheckinStats, points: [CheckinPoint])

  /// Writes a trip (new, or one of its owner's replaced) with exactly `entries` as its entries, in one
  /// transaction; `TripEntriesError` (nothing written) when some are not the owner's, `.notFound` when the trip
  /// is someone else's.
  func saveTrip(_ trip: TripRecord, entries: [Int64]) async throws
  /// The trip, when `viewer` may see it (public, or theirs; `DakaSQL.visible`).
  func trip(id: Int64, viewer: Int64?) async throws -> TripRecord?
  /// `userID`'s trips `viewer` may see, newest first.
  func trips(userID: Int64, viewer: Int64?) async throws -> [TripRecord]
  /// Deletes one of `userID`'s trips (its entries stay); false when it is not theirs.
  func deleteTrip(id: Int64, userID: Int64) async throws -> Bool
}

/// An edit that would leave an entry with too many pictures.
package struct DakaLimitError: Error, Equatable, Sendable {
  package let pictures: Int
  package init(pictures: Int) { self.pictures = pictures }
}

/// The most pictures one entry holds.
package let checkinPictureLimit = 5
