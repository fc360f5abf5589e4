import SparrowKit
import SparrowPlatform
import SparrowStore
import WeiboStore

/// The composer's `@` and `#` pickers (`weibo_picker.mustache`): people to mention or topics to insert, or why
/// there are none.
struct PickerList: PageModel {
  /// Someone the viewer follows, inserted as `@name ` (`weibo_picker_person.mustache`, kept rendered:
  /// `WeiboWeb.pickerRows`). Kept by the record it shows, not by its label: the label (the API's user, then
  /// `AuthorLabel`) is made only when the row is rendered, so a kept row costs a lookup. Making fifty users and their
  /// labels for every picker was a fifth of opening it.
  struct Person: PageModel, Hashable, Sendable {
    let user: UserRecord
    /// Whom the row is shown as: its owner when it is the viewer's own (`UserRecord.shown(to:)`), else 0, so that
    /// everyone else's rows are kept once for every viewer.
    let viewer: Int64
    let baseURL: String

    init(_ user: UserRecord, viewer: Int64, baseURL: String) {
      self.user = user
      self.viewer = user.id == viewer ? viewer : 0
      self.baseURL = baseURL
    }

    /// By the person and the viewer only: `KeptRenders` compares the kept row's whole record with the asked one, and
    /// hashing every field of fifty records (their Chinese text normalized as it is hashed) was most of the picker's
    /// lookups. A changed record hashes the same, is unequal, and is rendered again.
    func hash(into hasher: inout Hasher) {
      hasher.combine(user.id)
      hasher.combine(viewer)
    }

    /// Called only to render a row not kept (a few times each: one label each time costs less than keeping one).
    func child(named name: String) -> Any? {
      let shown = User(user, baseURL: baseURL, viewer: viewer)
      return name == "insert" ? "@\(shown.screenName) " : AuthorLabel(shown).child(named: name)
    }
  }

  /// A topic, inserted as `#name#`: a hot one with its count, or the query itself as a new one.
  struct Topic: PageModel {
    let name, insert: String
    /// The number of statuses; nil for a new topic.
    let count: String?

    init(name: String, count: Int?) {
      self.name = name
      insert = "#\(name)#"
      self.count = count.map(DisplayCount.short)
    }

    func child(named name: String) -> Any? {
      switch name {
      case "name": self.name
      case "insert": insert
      case "count": count
      case "new": count == nil
      default: nil
      }
    }
  }

  let users: [Person]
  /// The people's markup, each rendered by its own template and kept (`KeptRenders`): rendering fifty rows was a
  /// third of opening the picker.
  var usersHTML = ""
  let topics: [Topic]
  /// Shown when there is nothing to pick; nil otherwise.
  let empty: String?

  /// People matching `query` among those followed.
  init(users: [Person], query: String) {
    self.users = users
    topics = []
    empty = users.isEmpty ? (query.isEmpty ? "还没有关注任何人" : "没有找到") : nil
  }

  /// The same, with the people's rows from `renders`.
  init(users: [Person], query: String, renders: KeptRenders<Person>) {
    self.init(users: users, query: query)
    usersHTML = renders.html(self.users)
  }

  /// Hot topics matching `query`, with `#query#` itself first when it is not one of them.
  init(topics hot: [TopicCount], query: String) {
    users = []
    var topics = hot.map { Topic(name: $0.name, count: $0.count) }
    if !query.isEmpty, !hot.contains(where: { $0.name == query }) {
      topics.insert(Topic(name: query, count: nil), at: 0)
    }
    self.topics = topics
    empty = topics.isEmpty ? "最近还没有话题" : nil
  }

  func child(named name: String) -> Any? {
    switch name {
    case "users": users
    case "users_html": usersHTML
    case "topics": topics
    case "empty": empty
    default: nil
    }
  }
}
