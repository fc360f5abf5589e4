import SparrowStore
import SparrowStorePostgres
import WeiboStore

/// 微博's own migrations in PostgreSQL (see the SQLite engine's `WeiboSchema`).
enum WeiboSchema {
  static let v1 = [
    "CREATE INDEX status_topics_by_time_topic ON status_topics (created_at, topic, status_id)",
    "DROP INDEX status_topics_by_time",
  ]

  static let v2 = [
    "CREATE TABLE weibo_counters (name TEXT PRIMARY KEY, n BIGINT NOT NULL)",
    """
    INSERT INTO weibo_counters (name, n)
    SELECT 'public_statuses', count(*) FROM statuses WHERE visible = 0 HAVING count(*) > 0
    """,
  ]

  static let v3 = ["ALTER TABLE comments ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0"]

  static let v4 = [
    """
    CREATE TABLE client_markers (
      user_id BIGINT NOT NULL, name TEXT NOT NULL, last_read_id BIGINT NOT NULL, version INTEGER NOT NULL,
      updated_at BIGINT NOT NULL, PRIMARY KEY (user_id, name)
    )
    """,
    """
    CREATE TABLE dismissed_notifications (
      user_id BIGINT NOT NULL, notification_id BIGINT NOT NULL, PRIMARY KEY (user_id, notification_id)
    )
    """,
  ]

  /// Each author's latest post (SQLite's `weibo-v5`).
  static let v5 = [
    "CREATE TABLE weibo_authors (user_id BIGINT PRIMARY KEY, posted_at BIGINT NOT NULL)",
    "CREATE INDEX weibo_authors_by_time ON weibo_authors (posted_at)",
    "INSERT INTO weibo_authors (user_id, posted_at) SELECT user_id, max(created_at) FROM statuses GROUP BY user_id",
  ]

  /// Topics counted by the hour and in all (SQLite's `weibo-v6`).
  static let v6 = [
    """
    CREATE TABLE topic_hours (
      hour BIGINT NOT NULL, topic TEXT NOT NULL, n BIGINT NOT NULL, latest BIGINT NOT NULL, PRIMARY KEY (hour, topic)
    )
    """,
    "CREATE TABLE topic_totals (topic TEXT PRIMARY KEY, n BIGINT NOT NULL)",
  ] + WeiboSQL.recountTopics.map(\.text)

  /// Authors counted by the day of their latest post (SQLite's `weibo-v7`).
  static let v7 = ["CREATE TABLE weibo_author_days (day BIGINT PRIMARY KEY, n BIGINT NOT NULL)"]
    + WeiboSQL.recountAuthorDays.map(\.text)

  /// Each author's originals and statuses with pictures (SQLite's `weibo-v8`).
  static let v8 = ["originals", "private_originals", "pictures", "private_pictures"]
    .map { "ALTER TABLE weibo_authors ADD COLUMN \($0) BIGINT NOT NULL DEFAULT 0" } + WeiboSQL.recountAuthors.map(\.text)

  /// The site's public originals and statuses with pictures (SQLite's `weibo-v9`).
  static let v9 = WeiboSQL.recountPublicKinds.map(\.text)

  /// The unread counts from the indexes alone (SQLite's `weibo-v10`).
  static let v10 = [
    "DROP INDEX comments_by_status_user",
    "CREATE INDEX comments_by_status_user ON comments (status_user_id, id, user_id, hidden)",
    "DROP INDEX comments_by_reply_user",
    "CREATE INDEX comments_by_reply_user ON comments (reply_user_id, id, status_user_id, user_id, hidden)",
    "DROP INDEX likes_by_status_user",
    "CREATE INDEX likes_by_status_user ON likes (status_user_id, id, user_id)",
  ]

  /// Searches of two characters by index (SQLite's `weibo-v11`): a GIN index over each status's lower-cased text as
  /// its pairs of characters (`pg_trgm`'s index needs three).
  static let v11 = [
    SearchBigrams.postgresFunction("weibo_bigrams"),
    "CREATE INDEX statuses_by_bigrams ON statuses USING gin (weibo_bigrams(lower(text)))",
  ]

  static let schema = PostgresSchema(migrations: [
    ("weibo-v1", "微博: hot topics from the index alone", v1),
    ("weibo-v2", "微博: the site's count of public statuses", v2),
    ("weibo-v3", "微博: comments hidden by staff", v3),
    ("weibo-v4", "微博: client markers and removed notifications", v4),
    ("weibo-v5", "微博: each author's latest post", v5),
    ("weibo-v6", "微博: topics counted by the hour and in all", v6),
    ("weibo-v7", "微博: authors counted by the day of their latest post", v7),
    ("weibo-v8", "微博: each author's originals and statuses with pictures", v8),
    ("weibo-v9", "微博: the site's public originals and statuses with pictures", v9),
    ("weibo-v10", "微博: unread counts from the indexes alone", v10),
    ("weibo-v11", "微博: two-character searches by index", v11),
  ])
}

extension PostgresWeiboStore {
  /// 微博's tables, for the engine to migrate.
  package static let schema = WeiboSchema.schema
}
