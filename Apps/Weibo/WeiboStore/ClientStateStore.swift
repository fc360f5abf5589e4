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
  /// Which notifications the person removed: the id up to which they cleared them (0 for none), and those among
  /// `ids` they dismissed.
  func removedNotifications(userID: Int64, among ids: [Int64]) async throws -> (clearedUpTo: Int64, dismissed: Set<Int64>)
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

  /// The person's dismissed notifications within the range of `ids`: the engines keep those among them.
  package static func dismissed(userID: Int64, among ids: [Int64]) -> SQL {
    """
    SELECT notification_id FROM dismissed_notifications WHERE user_id = \(userID) \
    AND notification_id BETWEEN \(ids.min() ?? 0) AND \(ids.max() ?? 0)
    """
  }

  package static func clearedUpTo(userID: Int64) -> SQL {
    "SELECT last_read_id FROM client_markers WHERE user_id = \(userID) AND name = \(cleared)"
  }
}
