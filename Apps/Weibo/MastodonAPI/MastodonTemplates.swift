import Foundation
import SparrowStore

/// What everyone sees of statuses and accounts, as JSON kept across requests (as the Weibo API's `JSONTemplates`):
/// an entry is used only while the row just read equals the row it was made from, so a changed counter or profile
/// makes a new one and nothing stale is served. A mention written before its person signed up stays plain text
/// until the status's row changes or its entry ages out.
final class MastodonTemplates: @unchecked Sendable {
  private final class StatusEntry: Sendable {
    let record: StatusRecord
    let quotedGone: Bool
    let body: [UInt8]

    init(record: StatusRecord, quotedGone: Bool, body: [UInt8]) {
      self.record = record
      self.quotedGone = quotedGone
      self.body = body
    }
  }

  private final class AccountEntry: Sendable {
    let record: UserRecord
    let json: [UInt8]

    init(record: UserRecord, json: [UInt8]) {
      self.record = record
      self.json = json
    }
  }

  private let lock = NSLock()
  private var statuses: Generations<Int64, StatusEntry>
  /// Reblogs' own parts (`MastodonPresenter.wrapper`).
  private var wrappers: Generations<Int64, StatusEntry>
  private var accounts: Generations<Int64, AccountEntry>
  /// Accounts as their owners see them (their private statuses counted).
  private var ownAccounts: Generations<Int64, AccountEntry>

  /// What a comment's body as a reply is made from: its row, and where it answers (its status's id, author and
  /// visibility; the comment it replies to). Mentions resolve as a status's do, when the body is made.
  struct ReplyShown: Equatable, Sendable {
    let comment: CommentRecord
    let statusID: Int64
    let statusUserID: Int64
    let visible: Int
    let parentID: Int64?
    let parentUserID: Int64?
  }

  /// Comments' bodies as replies (`MastodonPresenter.replies`).
  let replies = KeptByRecord<ReplyShown, [UInt8]>()

  /// `limit` entries of each kind per generation: at most twice that are kept.
  init(limit: Int = 10_000) {
    statuses = Generations(limit: limit)
    wrappers = Generations(limit: limit)
    accounts = Generations(limit: limit)
    ownAccounts = Generations(limit: limit / 10)
  }

  /// The body kept for `record`, if it was made from this very row.
  func status(_ record: StatusRecord, quotedGone: Bool) -> [UInt8]? {
    lock.lock()
    let entry = statuses[record.id]
    lock.unlock()
    guard let entry, entry.record == record, entry.quotedGone == quotedGone else { return nil }
    return entry.body
  }

  func remember(_ record: StatusRecord, quotedGone: Bool, body: [UInt8]) {
    let entry = StatusEntry(record: record, quotedGone: quotedGone, body: body)
    lock.lock()
    statuses[record.id] = entry
    lock.unlock()
  }

  /// A reblog's own part for `record`; `make` writes it when there is none for this row (encoding it each time was
  /// a fifth of a home timeline with many reblogs).
  func wrapper(_ record: StatusRecord, make: () -> [UInt8]) -> [UInt8] {
    lock.lock()
    let entry = wrappers[record.id]
    lock.unlock()
    if let entry, entry.record == record { return entry.body }
    let body = make()
    let made = StatusEntry(record: record, quotedGone: false, body: body)
    lock.lock()
    wrappers[record.id] = made
    lock.unlock()
    return body
  }

  /// The account's JSON as others see it, or as its owner does (`own`); `make` writes it when there is none for
  /// this row.
  func account(_ record: UserRecord, own: Bool, make: () -> [UInt8]) -> [UInt8] {
    lock.lock()
    let entry = own ? ownAccounts[record.id] : accounts[record.id]
    lock.unlock()
    if let entry, entry.record == record { return entry.json }
    let json = make()
    let made = AccountEntry(record: record, json: json)
    lock.lock()
    if own { ownAccounts[record.id] = made } else { accounts[record.id] = made }
    lock.unlock()
    return json
  }
}
