import Foundation
import SparrowStore

/// Where a person's client apps stand (Mastodon's markers: the last read status of `home`, the last read
/// notification), and the notifications they cleared or dismissed. Per person, shared by all their apps.
package protocol ClientStateStore: Sendable {
  /// The markers among `names` that were ever set.
  func markers(userID: Int64, names: [String]) async throws -> [ClientMarker]
  /// Sets a marker; its version goes up by one each time. Returns it as stored.
  func setMarker(userID: Int64, name: String, lastReadID: Int64, at: Date) async throws -> ClientMarker
  /// Notifications up to `upTo` are gone for the person (Mastodon's `clear`); only ever raised.
  func clearNotifications(userID: Int64, upTo: Int64, at: Date) async throws
  /// One notification gone for the person (`dismiss`).
  func dismissNotification(userID: Int64, id: Int64) async throws
  /// What others did to the person, of `kinds`, within `window` (its `count` newest first, those cleared below it),
  /// each once, in one read: the rows of `WeiboSQL.notifications`, each marked when the person dismissed it.
  func notifications(userID: Int64, kinds: Set<NotificationEvent.Kind>, window: Page) async throws -> [NotificationEvent]
}

/// One thing another person did to someone, under the id of the row behind it (ids come from one generator, so
/// they order across kinds).
package struct NotificationEvent: Sendable, Equatable {
  package enum Kind: Int64, Sendable, CaseIterable {
    /// A public status naming the person.
    case mention = 0
    /// Another's repost with words of the person's status.
    case quote = 1
    /// A comment on the person's status, answering their comment, or naming them.
    case comment = 2
    /// A 赞 of the person's status.
    case like = 3
    /// Another's repost without words (`StatusPosting.plainRepostText`) of the person's status.
    case repost = 4
    /// A new follower.
    case follow = 5

    /// `kinds` as one number, a bit each: a read's variant (`ReachedReads`).
    package static func mask(_ kinds: Set<Kind>) -> Int { kinds.reduce(0) { $0 | 1 << Int($1.rawValue) } }
  }

  package var id: Int64
  package var kind: Kind
  /// Who did it.
  package var actor: Int64
  /// What it is about: the status itself (`mention`, `quote`), the status liked or reposted (`like`, `repost`), the
  /// comment (`comment`); 0 for `follow`.
  package var subject: Int64
  package var createdAt: Date
  /// Whether the person dismissed it: left out of what they are shown, still counted as read for paging.
  package var dismissed: Bool

  package init(id: Int64, kind: Kind, actor: Int64, subject: Int64, createdAt: Date, dismissed: Bool) {
    self.id = id
    self.kind = kind
    self.actor = actor
    self.subject = subject
    self.createdAt = createdAt
    self.dismissed = dismissed
  }

  /// The rows of `WeiboSQL.notifications` (id, kind, actor, subject, created_at in ms, dismissed), each id once and
  /// `count` at most; a kind this build does not know is left out.
  package static func events(_ rows: [(Int64, Int64, Int64, Int64, Int64, Int64)], count: Int) -> [NotificationEvent] {
    var seen = Set<Int64>()
    var events: [NotificationEvent] = []
    for (id, kind, actor, subject, at, dismissed) in rows where events.count < count {
      guard let kind = Kind(rawValue: kind), seen.insert(id).inserted else { continue }
      events.append(NotificationEvent(id: id, kind: kind, actor: actor, subject: subject, createdAt: date(at),
                                      dismissed: dismissed != 0))
    }
    return events
  }
}

package struct ClientMarker: Sendable, Equatable {
  package var name: String
  package var lastReadID: Int64
  package var version: Int
  package var updatedAt: Date

  package init(name: String, lastReadID: Int64, version: Int, updatedAt: Date) {
    self.name = name
    self.lastReadID = lastReadID
    self.version = version
    self.updatedAt = updatedAt
  }
}

/// The statements of `ClientStateStore`, written once for both engines (tables `client_markers`,
/// `dismissed_notifications`; a clear is the marker named `ClientStateSQL.cleared`).
package enum ClientStateSQL {
  /// The marker a clear of notifications raises.
  package static let cleared = "notifications:cleared"

  /// Every marker of the person (a handful): the engines keep those asked for.
  package static func markers(userID: Int64) -> SQL {
    "SELECT name, last_read_id, version, updated_at FROM client_markers WHERE user_id = \(userID) AND name <> \(cleared)"
  }

  package static func setMarker(userID: Int64, name: String, lastReadID: Int64, at: Date) -> SQL {
    """
    INSERT INTO client_markers (user_id, name, last_read_id, version, updated_at) \
    VALUES (\(userID), \(name), \(lastReadID), 1, \(millis(at))) \
    ON CONFLICT (user_id, name) DO UPDATE SET last_read_id = excluded.last_read_id, \
    version = client_markers.version + 1, updated_at = excluded.updated_at
    """
  }

  package static func clear(userID: Int64, upTo: Int64, at: Date) -> SQL {
    """
    INSERT INTO client_markers (user_id, name, last_read_id, version, updated_at) \
    VALUES (\(userID), \(cleared), \(upTo), 1, \(millis(at))) \
    ON CONFLICT (user_id, name) DO UPDATE SET last_read_id = excluded.last_read_id, \
    version = client_markers.version + 1, updated_at = excluded.updated_at \
    WHERE excluded.last_read_id > client_markers.last_read_id
    """
  }

  package static func dismiss(userID: Int64, id: Int64) -> SQL {
    """
    INSERT INTO dismissed_notifications (user_id, notification_id) VALUES (\(userID), \(id)) \
    ON CONFLICT (user_id, notification_id) DO NOTHING
    """
  }

  package static func clearedUpTo(userID: Int64) -> SQL {
    "SELECT last_read_id FROM client_markers WHERE user_id = \(userID) AND name = \(cleared)"
  }
}
