import GRDB
import SparrowStore
import Foundation
import Logging

/// The SQLite schema. Tables and columns are the ones every engine has; only the key types are
/// SQLite's own (`INTEGER PRIMARY KEY` is the 64-bit rowid, so lookups by id take one B-tree search).
enum Schema {
  static let v1 = """
    CREATE TABLE nodes (id INTEGER PRIMARY KEY, next_node BIGINT NOT NULL);
    INSERT INTO nodes (id, next_node) VALUES (1, 0);

    CREATE TABLE users (
      id INTEGER PRIMARY KEY,
      screen_name TEXT NOT NULL,
      screen_name_key TEXT NOT NULL UNIQUE,
      password_hash TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      location TEXT NOT NULL DEFAULT '',
      gender TEXT NOT NULL DEFAULT 'n',
      url TEXT NOT NULL DEFAULT '',
      avatar TEXT,
      verified_type INTEGER NOT NULL DEFAULT -1,
      verified_reason TEXT NOT NULL DEFAULT '',
      mbtype INTEGER NOT NULL DEFAULT 0,
      mbrank INTEGER NOT NULL DEFAULT 0,
      created_at BIGINT NOT NULL,
      followers_count INTEGER NOT NULL DEFAULT 0,
      friends_count INTEGER NOT NULL DEFAULT 0,
      statuses_count INTEGER NOT NULL DEFAULT 0,
      favourites_count INTEGER NOT NULL DEFAULT 0,
      bi_followers_count INTEGER NOT NULL DEFAULT 0
    );

    CREATE TABLE apps (
      id INTEGER PRIMARY KEY,
      client_id TEXT NOT NULL UNIQUE,
      secret_hash TEXT NOT NULL,
      name TEXT NOT NULL,
      url TEXT NOT NULL,
      redirect_uri TEXT NOT NULL,
      first_party INTEGER NOT NULL,
      created_at BIGINT NOT NULL
    );

    CREATE TABLE grants (
      hash TEXT PRIMARY KEY,
      kind TEXT NOT NULL,
      user_id BIGINT NOT NULL,
      app_id BIGINT NOT NULL,
      redirect_uri TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL
    );
    CREATE INDEX grants_by_user ON grants (user_id, app_id);

    CREATE TABLE statuses (
      id INTEGER PRIMARY KEY,
      user_id BIGINT NOT NULL,
      text TEXT NOT NULL,
      app_id BIGINT NOT NULL,
      created_at BIGINT NOT NULL,
      retweeted_id BIGINT,
      parent_id BIGINT,
      pictures TEXT NOT NULL DEFAULT '',
      has_pictures INTEGER NOT NULL DEFAULT 0,
      latitude DOUBLE PRECISION,
      longitude DOUBLE PRECISION,
      visible INTEGER NOT NULL DEFAULT 0,
      reposts_count INTEGER NOT NULL DEFAULT 0,
      comments_count INTEGER NOT NULL DEFAULT 0,
      attitudes_count INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX statuses_by_user ON statuses (user_id, id);
    CREATE INDEX statuses_by_retweeted ON statuses (retweeted_id, id);
    CREATE INDEX statuses_by_parent ON statuses (parent_id, id);

    CREATE TABLE status_mentions (
      user_id BIGINT NOT NULL,
      status_id BIGINT NOT NULL,
      PRIMARY KEY (user_id, status_id)
    );
    CREATE INDEX status_mentions_by_status ON status_mentions (status_id);

    CREATE TABLE status_topics (
      topic TEXT NOT NULL,
      status_id BIGINT NOT NULL,
      created_at BIGINT NOT NULL,
      PRIMARY KEY (topic, status_id)
    );
    CREATE INDEX status_topics_by_status ON status_topics (status_id);
    CREATE INDEX status_topics_by_time ON status_topics (created_at);

    CREATE TABLE comments (
      id INTEGER PRIMARY KEY,
      status_id BIGINT NOT NULL,
      status_user_id BIGINT NOT NULL,
      user_id BIGINT NOT NULL,
      text TEXT NOT NULL,
      app_id BIGINT NOT NULL,
      created_at BIGINT NOT NULL,
      reply_comment_id BIGINT,
      reply_user_id BIGINT
    );
    CREATE INDEX comments_by_status ON comments (status_id, id);
    CREATE INDEX comments_by_user ON comments (user_id, id);
    CREATE INDEX comments_by_status_user ON comments (status_user_id, id);
    CREATE INDEX comments_by_reply_user ON comments (reply_user_id, id);

    CREATE TABLE comment_mentions (
      user_id BIGINT NOT NULL,
      comment_id BIGINT NOT NULL,
      PRIMARY KEY (user_id, comment_id)
    );
    CREATE INDEX comment_mentions_by_comment ON comment_mentions (comment_id);

    CREATE TABLE follows (
      follower_id BIGINT NOT NULL,
      followee_id BIGINT NOT NULL,
      id BIGINT NOT NULL,
      created_at BIGINT NOT NULL,
      PRIMARY KEY (follower_id, followee_id)
    );
    CREATE INDEX follows_by_followee ON follows (followee_id, id);
    CREATE INDEX follows_by_follower ON follows (follower_id, id);

    CREATE TABLE favorites (
      user_id BIGINT NOT NULL,
      status_id BIGINT NOT NULL,
      id BIGINT NOT NULL,
      created_at BIGINT NOT NULL,
      PRIMARY KEY (user_id, status_id)
    );
    CREATE INDEX favorites_by_status ON favorites (status_id);
    CREATE INDEX favorites_by_user ON favorites (user_id, id);

    CREATE TABLE likes (
      user_id BIGINT NOT NULL,
      status_id BIGINT NOT NULL,
      status_user_id BIGINT NOT NULL,
      id BIGINT NOT NULL,
      created_at BIGINT NOT NULL,
      PRIMARY KEY (user_id, status_id)
    );
    CREATE INDEX likes_by_status ON likes (status_id, id);
    CREATE INDEX likes_by_status_user ON likes (status_user_id, id);

    CREATE TABLE seen (
      user_id BIGINT NOT NULL,
      kind TEXT NOT NULL,
      mark BIGINT NOT NULL,
      PRIMARY KEY (user_id, kind)
    );
    """

  /// Pictures: content-addressed, so the same bytes are stored once.
  static let v2 = """
    CREATE TABLE pictures (
      id TEXT PRIMARY KEY,
      ext TEXT NOT NULL,
      width INTEGER NOT NULL,
      height INTEGER NOT NULL,
      frames INTEGER NOT NULL,
      bytes INTEGER NOT NULL,
      created_at BIGINT NOT NULL
    );
    """

  /// 特别关注: a mark on a follow, cleared when the follow ends.
  static let v3 = """
    ALTER TABLE follows ADD COLUMN special INTEGER NOT NULL DEFAULT 0;
    """

  /// Leased id-generator nodes replace the round-robin counter: a dead process frees its node when the lease ends.
  static let v4 = """
    CREATE TABLE node_leases (node INTEGER PRIMARY KEY, holder TEXT NOT NULL, expires_at BIGINT NOT NULL);
    DROP TABLE nodes;
    """

  /// Privacy: a count of each user's private statuses, so others see only the public count; and nothing of a
  /// private status (mentions, topics, mentions in its comments) left where others read.
  static let v5 = """
    ALTER TABLE users ADD COLUMN private_statuses_count INTEGER NOT NULL DEFAULT 0;
    UPDATE users SET private_statuses_count =
      (SELECT count(*) FROM statuses s WHERE s.user_id = users.id AND s.visible <> 0);
    DELETE FROM status_mentions WHERE status_id IN (SELECT id FROM statuses WHERE visible <> 0);
    DELETE FROM status_topics WHERE status_id IN (SELECT id FROM statuses WHERE visible <> 0);
    DELETE FROM comment_mentions WHERE comment_id IN
      (SELECT c.id FROM comments c JOIN statuses s ON s.id = c.status_id WHERE s.visible <> 0);
    """

  /// Tokens remember the authorization code they came from, so a reused code revokes them (RFC 6749 §4.1.2);
  /// codes keep their PKCE challenge (RFC 7636); public (native) clients keep no secret; failed sign-ins are
  /// counted for throttling; request counters are shared by every process for the rate limits; pictures know
  /// who uploaded them (the quota) and what refers to them (unreferenced ones are collected).
  static let v6 = """
    ALTER TABLE grants ADD COLUMN origin TEXT;
    CREATE INDEX grants_by_origin ON grants (origin) WHERE origin IS NOT NULL;
    ALTER TABLE grants ADD COLUMN challenge TEXT;
    ALTER TABLE apps ADD COLUMN public INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE signin_failures (key TEXT NOT NULL, at BIGINT NOT NULL);
    CREATE INDEX signin_failures_by_key ON signin_failures (key, at);
    CREATE TABLE rate_counters (key TEXT NOT NULL, window BIGINT NOT NULL, count INTEGER NOT NULL,
      PRIMARY KEY (key, window)) WITHOUT ROWID;
    CREATE TABLE picture_uploads (picture_id TEXT NOT NULL, user_id BIGINT NOT NULL, at BIGINT NOT NULL);
    CREATE INDEX picture_uploads_by_user ON picture_uploads (user_id, at);
    CREATE TABLE picture_refs (picture_id TEXT NOT NULL, ref TEXT NOT NULL, PRIMARY KEY (picture_id, ref)) WITHOUT ROWID;
    CREATE INDEX picture_refs_by_ref ON picture_refs (ref);
    INSERT OR IGNORE INTO picture_refs (picture_id, ref)
      SELECT json_extract(j.value, '$.id'), 'status:' || s.id FROM statuses s, json_each(s.pictures) j WHERE s.pictures <> '';
    INSERT OR IGNORE INTO picture_refs (picture_id, ref)
      SELECT substr(avatar, 1, instr(avatar || '.', '.') - 1), 'avatar:' || id FROM users WHERE avatar IS NOT NULL AND avatar <> '';
    """

  /// Search by index instead of by scan: trigram full-text tables (any substring of three or more characters,
  /// Chinese included, case-insensitive) over status text and screen names, kept in step by triggers.
  static let v7 = """
    CREATE VIRTUAL TABLE status_search USING fts5(text, content='statuses', content_rowid='id', tokenize='trigram');
    CREATE TRIGGER status_search_insert AFTER INSERT ON statuses BEGIN
      INSERT INTO status_search (rowid, text) VALUES (new.id, new.text);
    END;
    CREATE TRIGGER status_search_delete AFTER DELETE ON statuses BEGIN
      INSERT INTO status_search (status_search, rowid, text) VALUES ('delete', old.id, old.text);
    END;
    CREATE TRIGGER status_search_update AFTER UPDATE OF text ON statuses BEGIN
      INSERT INTO status_search (status_search, rowid, text) VALUES ('delete', old.id, old.text);
      INSERT INTO status_search (rowid, text) VALUES (new.id, new.text);
    END;
    INSERT INTO status_search (status_search) VALUES ('rebuild');

    CREATE VIRTUAL TABLE user_search USING fts5(screen_name_key, content='users', content_rowid='id', tokenize='trigram');
    CREATE TRIGGER user_search_insert AFTER INSERT ON users BEGIN
      INSERT INTO user_search (rowid, screen_name_key) VALUES (new.id, new.screen_name_key);
    END;
    CREATE TRIGGER user_search_delete AFTER DELETE ON users BEGIN
      INSERT INTO user_search (user_search, rowid, screen_name_key) VALUES ('delete', old.id, old.screen_name_key);
    END;
    CREATE TRIGGER user_search_update AFTER UPDATE OF screen_name_key ON users BEGIN
      INSERT INTO user_search (user_search, rowid, screen_name_key) VALUES ('delete', old.id, old.screen_name_key);
      INSERT INTO user_search (rowid, screen_name_key) VALUES (new.id, new.screen_name_key);
    END;
    INSERT INTO user_search (user_search) VALUES ('rebuild');
    """

  /// What each upgrade does, for the log.
  static let purposes = [
    "v2": "content-addressed pictures", "v3": "特别关注", "v4": "leased id nodes", "v5": "private status counts",
    "v6": "grant origins, PKCE, throttling, rate counters, picture references", "v7": "building the search indexes",
    "v8": "instance secrets in the database", "v9": "scopes of apps and grants, uploads by picture",
    "v10": "staff, suspensions and the audit log", "v11": "blocks, mutes, reports and hidden content",
    "v12": "pictures' descriptions, in each uploader's words", "v13": "pictures' blur previews",
    "v14": "profiles hidden by staff", "v15": "the count of accounts, kept",
  ]

  /// 拉黑 and 屏蔽 between people (`Blocking`), looked up from either side; 举报 (one open report per person and
  /// thing) and what staff hid, with why.
  static let v11 = """
    CREATE TABLE reports (id INTEGER PRIMARY KEY, reporter_id BIGINT NOT NULL, target TEXT NOT NULL, reason TEXT NOT NULL,
      note TEXT NOT NULL, created_at BIGINT NOT NULL, state TEXT NOT NULL DEFAULT 'open', handled_by BIGINT,
      handled_at BIGINT);
    CREATE INDEX reports_by_state ON reports (state, id);
    CREATE INDEX reports_by_target ON reports (target, state);
    CREATE UNIQUE INDEX reports_once ON reports (reporter_id, target) WHERE state = 'open';
    CREATE TABLE hidden_content (target TEXT PRIMARY KEY, reason TEXT NOT NULL, actor_id BIGINT NOT NULL, at BIGINT NOT NULL);
    CREATE TABLE blocks (blocker_id INTEGER NOT NULL, blocked_id INTEGER NOT NULL, created_at BIGINT NOT NULL,
      PRIMARY KEY (blocker_id, blocked_id)) WITHOUT ROWID;
    CREATE INDEX blocks_by_blocked ON blocks (blocked_id, blocker_id);
    CREATE TABLE mutes (muter_id INTEGER NOT NULL, muted_id INTEGER NOT NULL, created_at BIGINT NOT NULL,
      PRIMARY KEY (muter_id, muted_id)) WITHOUT ROWID;
    """

  /// The instance's staff, suspended accounts and every staff action.
  static let v10 = """
    CREATE TABLE staff (user_id INTEGER PRIMARY KEY, role TEXT NOT NULL, since BIGINT NOT NULL);
    CREATE TABLE suspensions (user_id INTEGER PRIMARY KEY, reason TEXT NOT NULL, at BIGINT NOT NULL);
    CREATE TABLE audit_log (id INTEGER PRIMARY KEY, actor_id BIGINT NOT NULL, action TEXT NOT NULL, target TEXT NOT NULL,
      reason TEXT NOT NULL, at BIGINT NOT NULL);
    """

  /// What a picture shows, in each uploader's words (alt text), until they attach it.
  static let v12 = """
    CREATE TABLE picture_descriptions (picture_id TEXT NOT NULL, user_id BIGINT NOT NULL, description TEXT NOT NULL,
      PRIMARY KEY (picture_id, user_id));
    """

  /// Each picture's BlurHash, made as it is stored (`PictureLibrary`); none for those stored before.
  static let v13 = "ALTER TABLE pictures ADD COLUMN blurhash TEXT;"

  /// A profile staff hid (`user:ID`): shown to its owner only (`UserRecord.shown(to:)`).
  static let v14 = "ALTER TABLE users ADD COLUMN profile_hidden INTEGER NOT NULL DEFAULT 0;"

  /// The count of accounts, kept (`PeopleCount`).
  static let v15 = PeopleCount.migration.map { $0.text + ";\n" }.joined()

  /// The form-token key, kept where every process on the database finds it (it was a file in the data folder).
  static let v8 = "CREATE TABLE secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL);"

  /// What an app may ask beyond what every app has, and what each code and token was granted (space-separated
  /// names). Grants made before keep exactly what they had: nothing beyond. Who uploaded a picture is looked up by
  /// the picture, for attaching it.
  static let v9 = """
    ALTER TABLE apps ADD COLUMN scopes TEXT NOT NULL DEFAULT '';
    ALTER TABLE grants ADD COLUMN scopes TEXT NOT NULL DEFAULT '';
    CREATE INDEX picture_uploads_by_picture ON picture_uploads (picture_id, user_id);
    """

  /// The engine's migrations, then each app's (`schemas`), in order. With a `logger` (an upgrade, not a new
  /// database), each step says what it does and how long it took (building the search index of a million statuses
  /// takes a while).
  static func migrator(adding schemas: [SQLiteSchema] = [], announcing logger: Logger? = nil) -> DatabaseMigrator {
    let steps = [("v1", v1), ("v2", v2), ("v3", v3), ("v4", v4), ("v5", v5), ("v6", v6), ("v7", v7), ("v8", v8), ("v9", v9), ("v10", v10), ("v11", v11), ("v12", v12), ("v13", v13), ("v14", v14), ("v15", v15)]
      .map { (name: $0.0, purpose: purposes[$0.0] ?? "the first tables", sql: $0.1) }
      + schemas.flatMap(\.migrations)
    var migrator = DatabaseMigrator()
    for step in steps {
      migrator.registerMigration(step.name) { db in
        logger?.notice("Upgrading the database to \(step.name): \(step.purpose)…")
        let start = Date()
        try db.execute(sql: step.sql)
        logger?.notice("Upgraded the database to \(step.name) in \(String(format: "%.1f", Date().timeIntervalSince(start))) s")
      }
    }
    return migrator
  }
}
