import Foundation
import Synchronization
import SparrowPlatform
import SparrowCore
import SparrowStore
import WeiboStore

/// Statuses and users as JSON templates (everything but the viewer's values), kept across requests:
/// most of a timeline page's cost was building and encoding the same objects again.
///
/// An entry is kept with the rows it was made from and used only while the rows just read are equal to
/// them, so any change (a counter, a profile field, an edit) makes a new one: nothing is invalidated by
/// hand, and nothing stale can be served. (A status's source comes from its app, which never changes once
/// registered: the app id in the row stands for it.) Per-viewer values are never part of an entry.
final class JSONTemplates: @unchecked Sendable {
  // Classes, so a lookup hands out one reference rather than copies of every field.
  final class StatusEntry: Sendable {
    let record: StatusRecord
    let template: StatusJSONTemplate

    init(record: StatusRecord, template: StatusJSONTemplate) {
      self.record = record
      self.template = template
    }
  }

  final class UserEntry: Sendable {
    let record: UserRecord
    let template: UserJSONTemplate

    init(record: UserRecord, template: UserJSONTemplate) {
      self.record = record
      self.template = template
    }
  }

  final class CommentEntry: Sendable {
    let record: CommentRecord
    let opening: [UInt8]

    init(record: CommentRecord, opening: [UInt8]) {
      self.record = record
      self.opening = opening
    }
  }

  private let lock = NSLock()
  private var statuses: Generations<Int64, StatusEntry>
  /// A comment's own fields, `{"created_at":…,"source":…` (its text escaped, its time and client written out).
  private var comments: Generations<Int64, CommentEntry>
  private var users: Generations<Int64, UserEntry>
  /// Users as their owners see them (every status counted, a profile staff hid): only ever shown to them.
  private var ownUsers: Generations<Int64, UserEntry>

  /// `limit` entries of each kind per generation: at most twice that are kept.
  init(limit: Int = 10_000) {
    statuses = Generations(limit: limit)
    users = Generations(limit: limit)
    ownUsers = Generations(limit: limit / 10)
    comments = Generations(limit: limit)
  }

  /// The opening of `record`'s object, up to and including its `source`; `make` writes it when there is none yet.
  func commentOpening(_ record: CommentRecord, make: () -> [UInt8]) -> [UInt8] {
    lock.lock()
    let entry = comments[record.id]
    lock.unlock()
    if let entry, entry.record == record { return entry.opening }
    let opening = make()
    lock.lock()
    comments[record.id] = CommentEntry(record: record, opening: opening)
    lock.unlock()
    return opening
  }

  /// The template for `record`; `make` builds the status when there is none yet.
  func status(_ record: StatusRecord, make: () -> Status) -> StatusJSONTemplate {
    lock.lock()
    let entry = statuses[record.id]
    lock.unlock()
    if let entry, entry.record == record { return entry.template }
    let template = StatusJSONTemplate(make())
    lock.lock()
    statuses[record.id] = StatusEntry(record: record, template: template)
    lock.unlock()
    return template
  }

  /// The template for `record` as everyone sees it, or as its owner does (`own`); `make` builds the user when
  /// there is none yet.
  func user(_ record: UserRecord, own: Bool, make: () -> User) -> UserJSONTemplate {
    lock.lock()
    let entry = own ? ownUsers[record.id] : users[record.id]
    lock.unlock()
    if let entry, entry.record == record { return entry.template }
    let template = UserJSONTemplate(make())
    lock.lock()
    if own { ownUsers[record.id] = UserEntry(record: record, template: template) } else {
      users[record.id] = UserEntry(record: record, template: template)
    }
    lock.unlock()
    return template
  }
}

/// Statuses as they are for everyone (`Presenter`'s plain status: no author, none of a viewer's marks), kept by
/// record as `JSONTemplates` keeps templates: used only while the row just read equals the one it was made from (a
/// status's source comes from its app, which never changes once registered), so nothing stale can be shown. The
/// web client's lists built twenty of them per page: their texts, picture URLs, times and lengths.
package final class PlainStatuses: Sendable {
  private let kept: Mutex<Generations<Int64, (record: StatusRecord, status: Status)>>

  /// `limit` statuses per generation: at most twice that are kept.
  package init(limit: Int = 10_000) { kept = Mutex(Generations(limit: limit)) }

  func status(_ record: StatusRecord, make: () -> Status) -> Status {
    if let entry = kept.withLock({ $0[record.id] }), entry.record == record { return entry.status }
    let status = make()
    kept.withLock { $0[record.id] = (record, status) }
    return status
  }
}
