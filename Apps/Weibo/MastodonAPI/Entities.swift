import Foundation
import SparrowCore

// Mastodon's entities (docs.joinmastodon.org/entities), written with the platform's JSON writer: camelCase names
// become the snake_case keys. Ids are strings, the same numbers as the Weibo API's.

/// A value written as `null` when absent: Mastodon's clients decode these keys as present and nullable.
package struct Nullable<Value: Encodable & Sendable>: Encodable, Sendable {
  package let value: Value?
  package init(_ value: Value?) { self.value = value }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let value { try container.encode(value) } else { try container.encodeNil() }
  }
}

package struct Emoji: Encodable, Sendable {
  let shortcode: String
  let url: String
  let staticUrl: String
  let visibleInPicker: Bool
  let category: String?
}

package struct Field: Encodable, Sendable {
  let name: String
  let value: String
  let verifiedAt: Nullable<String>
}

/// What `verify_credentials` adds for the account's owner.
package struct AccountSource: Encodable, Sendable {
  let privacy: String
  let sensitive: Bool
  let language: String
  let note: String
  let fields: [Field]
  let followRequestsCount: Int
}

package struct Account: Encodable, Sendable {
  let id: String
  let username: String
  let acct: String
  let displayName: String
  let locked: Bool
  let bot: Bool
  let discoverable: Bool
  let indexable: Bool
  let group: Bool
  let createdAt: String
  let note: String
  let url: String
  let uri: String
  let avatar: String
  let avatarStatic: String
  let header: String
  let headerStatic: String
  let followersCount: Int
  let followingCount: Int
  let statusesCount: Int
  let lastStatusAt: Nullable<String>
  let emojis: [Emoji]
  let fields: [Field]
  var source: AccountSource?
}

package struct Relationship: Encodable, Sendable {
  let id: String
  let following: Bool
  let showingReblogs: Bool
  let notifying: Bool
  let followedBy: Bool
  let blocking: Bool
  let blockedBy: Bool
  let muting: Bool
  let mutingNotifications: Bool
  let requested: Bool
  let requestedBy: Bool
  let domainBlocking: Bool
  let endorsed: Bool
  let note: String
}

package struct MediaMeta: Encodable, Sendable {
  struct Size: Encodable, Sendable {
    let width: Int
    let height: Int
    let size: String
    let aspect: Double
  }
  let original: Size
  let small: Size
}

package struct MediaAttachment: Encodable, Sendable {
  let id: String
  let type: String
  let url: String
  let previewUrl: String
  let remoteUrl: Nullable<String>
  let meta: MediaMeta
  let description: Nullable<String>
  let blurhash: Nullable<String>
}

package struct Mention: Encodable, Sendable {
  let id: String
  let username: String
  let url: String
  let acct: String
}

package struct Tag: Encodable, Sendable {
  let name: String
  let url: String
  /// Only in trends and search: uses per day, newest first.
  var history: [TagHistory]?
}

package struct TagHistory: Encodable, Sendable {
  let day: String
  let uses: String
  /// How many people used it: Sparrow counts statuses per 话题, not people, so this is left out rather than guessed.
  let accounts: String?
}

package struct Application: Encodable, Sendable {
  let name: String
  let website: Nullable<String>
}

/// A status, a 转发 (as a reblog, or a status with a link to what it reposts) or a 评论 (as a reply), as written:
/// `StatusBody` (what everyone sees, kept as a template), then its author's account, what it reblogs, and the
/// viewer's marks (`MastodonPresenter.write`).
package struct Status: Encodable, Sendable {
  let json: JSONFragment

  package func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

/// The part of a status that is the same for everyone: Mastodon's Status without `account`, `reblog`,
/// `favourited`, `reblogged`, `bookmarked` and `text`.
struct StatusBody: Encodable, Sendable {
  let id: String
  let createdAt: String
  let inReplyToId: Nullable<String>
  let inReplyToAccountId: Nullable<String>
  let sensitive = false
  let spoilerText = ""
  let visibility: String
  let language = "zh"
  let uri: String
  let url: String
  let repliesCount: Int
  let reblogsCount: Int
  let favouritesCount: Int
  let editedAt = Nullable<String>(nil)
  let muted = false
  let pinned = false
  let content: String
  let filtered: [String] = []
  let application: Nullable<Application>
  let mediaAttachments: [MediaAttachment]
  let mentions: [Mention]
  let tags: [Tag]
  let emojis: [Emoji]
  let card = Nullable<String>(nil)
  let poll = Nullable<String>(nil)
}

package struct StatusContext: Encodable, Sendable {
  let ancestors: [Status]
  let descendants: [Status]
}

/// `POST /api/v1/apps` and `GET /api/v1/apps/verify_credentials`.
package struct RegisteredApp: Encodable, Sendable {
  let id: String
  let name: String
  let website: Nullable<String>
  let scopes: [String]
  let redirectUri: String
  let redirectUris: [String]
  let clientId: String?
  let clientSecret: String?
  let vapidKey = ""
}

package struct Marker: Encodable, Sendable {
  let lastReadId: String
  let version: Int
  let updatedAt: String
}
