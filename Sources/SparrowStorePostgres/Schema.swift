import SparrowStore

/// The PostgreSQL schema: the same tables and columns as the SQLite engine's v1…v7, written as one first
/// migration. Ids are `BIGINT` (the id generator's 53-bit ids); times are milliseconds since 1970 in `BIGINT`,
/// as in SQLite, so both engines hold the same numbers and a copy between them needs no conversion. Search uses
/// `pg_trgm` GIN indexes (substrings of three or more characters, `ILIKE`) where SQLite has FTS5 trigram tables.
enum Schema {
  /// Each migration is a list of statements: the extended query protocol runs one statement per query.
  static let migrations: [(name: String, purpose: String, statements: [String])] = [
    ("v1", "every table of the platform and of 微博", v1),
    ("v2", "numbered cache announcements between processes, instance secrets", v2),
    ("v3", "scopes of apps and grants, uploads by picture", v3),
    ("v4", "staff, suspensions and the audit log", v4),
    ("v5", "blocks, mutes, reports and hidden content", v5),
    ("v6", "pictures' descriptions, in each uploader's words", v6),
    ("v7", "pictures' blur previews", v7),
    ("v8", "profiles hidden by staff", v8),
    ("v9", "the count of accounts, kept", PeopleCount.migration.map(\.text)),
  ]

  /// A profile staff hid (`user:ID`): shown to its owner only (`UserRecord.shown(to:)`).
  static let v8 = ["ALTER TABLE users ADD COLUMN profile_hidden INTEGER NOT NULL DEFAULT 0"]

  /// Each picture's BlurHash, made as it is stored; none for those stored before.
  static let v7 = ["ALTER TABLE pictures ADD COLUMN blurhash TEXT"]

  /// What a picture shows, in each uploader's words (alt text), until they attach it.
  static let v6 = [
    """
    CREATE TABLE picture_descriptions (picture_id TEXT NOT NULL, user_id BIGINT NOT NULL, description TEXT NOT NULL,
      PRIMARY KEY (picture_id, user_id))
    """,
  ]

  /// 拉黑 and 屏蔽 between people (`Blocking`), looked up from either side; 举报 (one open report per person and
  /// thing) and what staff hid, with why.
  static let v5 = [
    """
    CREATE TABLE reports (id BIGINT PRIMARY KEY, reporter_id BIGINT NOT NULL, target TEXT NOT NULL, reason TEXT NOT NULL,
      note TEXT NOT NULL, created_at BIGINT NOT NULL, state TEXT NOT NULL DEFAULT 'open', handled_by BIGINT,
      handled_at BIGINT)
    """,
    "CREATE INDEX reports_by_state ON reports (state, id)",
    "CREATE INDEX reports_by_target ON reports (target, state)",
    "CREATE UNIQUE INDEX reports_once ON reports (reporter_id, target) WHERE state = 'open'",
    """
    CREATE TABLE hidden_content (target TEXT PRIMARY KEY, reason TEXT NOT NULL, actor_id BIGINT NOT NULL,
      at BIGINT NOT NULL)
    """,
    """
    CREATE TABLE blocks (blocker_id BIGINT NOT NULL, blocked_id BIGINT NOT NULL, created_at BIGINT NOT NULL,
      PRIMARY KEY (blocker_id, blocked_id))
    """,
    "CREATE INDEX blocks_by_blocked ON blocks (blocked_id, blocker_id)",
    """
    CREATE TABLE mutes (muter_id BIGINT NOT NULL, muted_id BIGINT NOT NULL, created_at BIGINT NOT NULL,
      PRIMARY KEY (muter_id, muted_id))
    """,
  ]

  /// The instance's staff, suspended accounts and every staff action.
  static let v4 = [
    "CREATE TABLE staff (user_id BIGINT PRIMARY KEY, role TEXT NOT NULL, since BIGINT NOT NULL)",
    "CREATE TABLE suspensions (user_id BIGINT PRIMARY KEY, reason TEXT NOT NULL, at BIGINT NOT NULL)",
    """
    CREATE TABLE audit_log (id BIGINT PRIMARY KEY, actor_id BIGINT NOT NULL, action TEXT NOT NULL, target TEXT NOT NULL,
      reason TEXT NOT NULL, at BIGINT NOT NULL)
    """,
  ]

  /// What an app may ask beyond what every app has, and what each code and token was granted (space-separated
  /// names). Grants made before keep exactly what they had: nothing beyond. Who uploaded a picture is looked up by
  /// the picture, for attaching it.
  static let v3 = [
    "ALTER TABLE apps ADD COLUMN scopes TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE grants ADD COLUMN scopes TEXT NOT NULL DEFAULT ''",
    "CREATE INDEX picture_uploads_by_picture ON picture_uploads (picture_id, user_id)",
  ]

  /// `cache_epochs` numbers `CacheChannel`'s announcements, so a read can tell which it must have heard;
  /// `secrets` holds the form-token key every process signs with.
  static let v2 = [
    "CREATE SEQUENCE cache_epochs",
    "CREATE TABLE secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
  ]

  static let v1 = [
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    "CREATE TABLE node_leases (node BIGINT PRIMARY KEY, holder TEXT NOT NULL, expires_at BIGINT NOT NULL)",
    """
    CREATE TABLE users (
      id BIGINT PRIMARY KEY,
      screen_name TEXT NOT NULL,
      screen_name_key TEXT NOT NULL UNIQUE,
      password_hash TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      location TEXT NOT NULL DEFAULT '',
      gender TEXT NOT NULL DEFAULT 'n',
      url TEXT NOT NULL DEFAULT '',
      avatar TEXT,
      verified_type BIGINT NOT NULL DEFAULT -1,
      verified_reason TEXT NOT NULL DEFAULT '',
      mbtype BIGINT NOT NULL DEFAULT 0,
      mbrank BIGINT NOT NULL DEFAULT 0,
      created_at BIGINT NOT NULL,
      followers_count BIGINT NOT NULL DEFAULT 0,
      friends_count BIGINT NOT NULL DEFAULT 0,
      statuses_count BIGINT NOT NULL DEFAULT 0,
      favourites_count BIGINT NOT NULL DEFAULT 0,
      bi_followers_count BIGINT NOT NULL DEFAULT 0,
      private_statuses_count BIGINT NOT NULL DEFAULT 0
    )
    """,
    // Prefix search of short names (`LIKE 'ab%'`) whatever the database's collation.
    "CREATE INDEX users_by_name_prefix ON users (screen_name_key text_pattern_ops)",
    "CREATE INDEX users_by_name_trigram ON users USING gin (screen_name_key gin_trgm_ops)",
    """
    CREATE TABLE apps (
      id BIGINT PRIMARY KEY,
      client_id TEXT NOT NULL UNIQUE,
      secret_hash TEXT NOT NULL,
      name TEXT NOT NULL,
      url TEXT NOT NULL,
      redirect_uri TEXT NOT NULL,
      first_party BIGINT NOT NULL,
      public BIGINT NOT NULL DEFAULT 0,
      created_at BIGINT NOT NULL
    )
    """,
    """
    CREATE TABLE grants (
      hash TEXT PRIMARY KEY,
      kind TEXT NOT NULL,
      user_id BIGINT NOT NULL,
      app_id BIGINT NOT NULL,
      redirect_uri TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL,
      origin TEXT,
      challenge TEXT
    )
    """,
    "CREATE INDEX grants_by_user ON grants (user_id, app_id)",
    "CREATE INDEX grants_by_origin ON grants (origin) WHERE origin IS NOT NULL",
    """
    CREATE TABLE statuses (
      id BIGINT PRIMARY KEY,
      user_id BIGINT NOT NULL,
      text TEXT NOT NULL,
      app_id BIGINT NOT NULL,
      created_at BIGINT NOT NULL,
      retweeted_id BIGINT,
      parent_id BIGINT,
      pictures TEXT NOT NULL DEFAULT '',
      has_pictures BIGINT NOT NULL DEFAULT 0,
      latitude DOUBLE PRECISION,
      longitude DOUBLE PRECISION,
      visible BIGINT NOT NULL DEFAULT 0,
      reposts_count BIGINT NOT NULL DEFAULT 0,
      comments_count BIGINT NOT NULL DEFAULT 0,
      attitudes_count BIGINT NOT NULL DEFAULT 0
    )
    """,
    "CREATE INDEX statuses_by_user ON statuses (user_id, id)",
    "CREATE INDEX statuses_by_retweeted ON statuses (retweeted_id, id)",
    "CREATE INDEX statuses_by_parent ON statuses (parent_id, id)",
    "CREATE INDEX statuses_by_text_trigram ON statuses USING gin (text gin_trgm_ops)",
    """
    CREATE TABLE status_mentions (
      user_id BIGINT NOT NULL, status_id BIGINT NOT NULL, PRIMARY KEY (user_id, status_id))
    """,
    "CREATE INDEX status_mentions_by_status ON status_mentions (status_id)",
    """
    CREATE TABLE status_topics (
      topic TEXT NOT NULL, status_id BIGINT NOT NULL, created_at BIGINT NOT NULL, PRIMARY KEY (topic, status_id))
    """,
    "CREATE INDEX status_topics_by_status ON status_topics (status_id)",
    "CREATE INDEX status_topics_by_time ON status_topics (created_at)",
    """
    CREATE TABLE comments (
      id BIGINT PRIMARY KEY,
      status_id BIGINT NOT NULL,
      status_user_id BIGINT NOT NULL,
      user_id BIGINT NOT NULL,
      text TEXT NOT NULL,
      app_id BIGINT NOT NULL,
      created_at BIGINT NOT NULL,
      reply_comment_id BIGINT,
      reply_user_id BIGINT
    )
    """,
    "CREATE INDEX comments_by_status ON comments (status_id, id)",
    "CREATE INDEX comments_by_user ON comments (user_id, id)",
    "CREATE INDEX comments_by_status_user ON comments (status_user_id, id)",
    "CREATE INDEX comments_by_reply_user ON comments (reply_user_id, id)",
    """
    CREATE TABLE comment_mentions (
      user_id BIGINT NOT NULL, comment_id BIGINT NOT NULL, PRIMARY KEY (user_id, comment_id))
    """,
    "CREATE INDEX comment_mentions_by_comment ON comment_mentions (comment_id)",
    """
    CREATE TABLE follows (
      follower_id BIGINT NOT NULL,
      followee_id BIGINT NOT NULL,
      id BIGINT NOT NULL,
      created_at BIGINT NOT NULL,
      special BIGINT NOT NULL DEFAULT 0,
      PRIMARY KEY (follower_id, followee_id)
    )
    """,
    "CREATE INDEX follows_by_followee ON follows (followee_id, id)",
    "CREATE INDEX follows_by_follower ON follows (follower_id, id)",
    """
    CREATE TABLE favorites (
      user_id BIGINT NOT NULL, status_id BIGINT NOT NULL, id BIGINT NOT NULL, created_at BIGINT NOT NULL,
      PRIMARY KEY (user_id, status_id))
    """,
    "CREATE INDEX favorites_by_status ON favorites (status_id)",
    "CREATE INDEX favorites_by_user ON favorites (user_id, id)",
    """
    CREATE TABLE likes (
      user_id BIGINT NOT NULL, status_id BIGINT NOT NULL, status_user_id BIGINT NOT NULL, id BIGINT NOT NULL,
      created_at BIGINT NOT NULL, PRIMARY KEY (user_id, status_id))
    """,
    "CREATE INDEX likes_by_status ON likes (status_id, id)",
    "CREATE INDEX likes_by_status_user ON likes (status_user_id, id)",
    "CREATE TABLE seen (user_id BIGINT NOT NULL, kind TEXT NOT NULL, mark BIGINT NOT NULL, PRIMARY KEY (user_id, kind))",
    """
    CREATE TABLE pictures (
      id TEXT PRIMARY KEY, ext TEXT NOT NULL, width BIGINT NOT NULL, height BIGINT NOT NULL, frames BIGINT NOT NULL,
      bytes BIGINT NOT NULL, created_at BIGINT NOT NULL)
    """,
    "CREATE TABLE signin_failures (key TEXT NOT NULL, at BIGINT NOT NULL)",
    "CREATE INDEX signin_failures_by_key ON signin_failures (key, at)",
    """
    CREATE TABLE rate_counters (key TEXT NOT NULL, "window" BIGINT NOT NULL, count BIGINT NOT NULL,
      PRIMARY KEY (key, "window"))
    """,
    "CREATE TABLE picture_uploads (picture_id TEXT NOT NULL, user_id BIGINT NOT NULL, at BIGINT NOT NULL)",
    "CREATE INDEX picture_uploads_by_user ON picture_uploads (user_id, at)",
    "CREATE TABLE picture_refs (picture_id TEXT NOT NULL, ref TEXT NOT NULL, PRIMARY KEY (picture_id, ref))",
    "CREATE INDEX picture_refs_by_ref ON picture_refs (ref)",
  ]
}
