import Foundation
import SparrowKit
import Testing

/// A fresh folder under the temporary directory.
func temporaryFolder() -> URL {
  FileManager.default.temporaryDirectory.appendingPathComponent("sparrow-kit-\(UUID().uuidString)", isDirectory: true)
}

let now = Date(timeIntervalSince1970: 1_700_000_000)

func account(expiresIn seconds: TimeInterval) -> Account {
  Account(
    accessToken: "2.00tok", uid: 2_629_046_977, expiresAt: now.addingTimeInterval(seconds), screenName: "小明",
    avatarURL: "http://a/180", refreshToken: "r")
}

@Test func aSavedAccountLoadsBackInAFileOnlyItsOwnerCanRead() throws {
  let folder = temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let store = AccountStore(folder: folder, now: { now })

  try store.save(account(expiresIn: 3600))

  #expect(store.load() == account(expiresIn: 3600))
  let attributes = try FileManager.default.attributesOfItem(atPath: store.fileURL.path)
  #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
}

@Test func savingAgainReplacesTheAccountAndKeepsThePermissions() throws {
  let folder = temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let store = AccountStore(folder: folder, now: { now })
  try store.save(account(expiresIn: 60))
  var renewed = account(expiresIn: 7200)
  renewed.accessToken = "2.00new"

  try store.save(renewed)

  #expect(store.load() == renewed)
  let attributes = try FileManager.default.attributesOfItem(atPath: store.fileURL.path)
  #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
  #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [AccountStore.fileName])
}

@Test(arguments: [(nil, false), (3600, true), (1, true), (0, false), (-1, false), (-86_400, false)] as [(TimeInterval?, Bool)])
func loggedInMeansAnAccountWhoseTokenHasNotExpired(_ expiresIn: TimeInterval?, _ loggedIn: Bool) throws {
  let folder = temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let store = AccountStore(folder: folder, now: { now })

  if let expiresIn { try store.save(account(expiresIn: expiresIn)) }

  #expect(store.isLoggedIn == loggedIn)
}

@Test func logoutDeletesTheAccount() throws {
  let folder = temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let store = AccountStore(folder: folder, now: { now })
  try store.save(account(expiresIn: 3600))

  try store.delete()
  try store.delete()

  #expect(store.load() == nil)
  #expect(!store.isLoggedIn)
}

@Test(arguments: ["", "{", #"{"accessToken":"t"}"#, "[]"])
func anUnreadableFileIsNoAccount(_ contents: String) throws {
  let folder = temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let store = AccountStore(folder: folder, now: { now })
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  try Data(contents.utf8).write(to: store.fileURL)

  let loaded = store.load()

  #expect(loaded == nil)
  #expect(!store.isLoggedIn)
}

@Test(arguments: [
  (["XDG_DATA_HOME": "/data", "HOME": "/home/u"], "/data/sparrow"),
  (["HOME": "/home/u"], "/home/u/.local/share/sparrow"),
  (["XDG_DATA_HOME": "relative/path", "HOME": "/home/u"], "/home/u/.local/share/sparrow"),
  (["XDG_DATA_HOME": "", "HOME": "/home/u"], "/home/u/.local/share/sparrow"),
])
func linuxFolderFollowsXDG(_ environment: [String: String], _ path: String) {
  let folder = AccountStore.linuxFolder(environment: environment)

  #expect(folder.path == path)
}

@Test func theDefaultFolderIsNamedForSparrow() {
  let folder = AccountStore.defaultFolder(environment: ["XDG_DATA_HOME": "/data"])

  #expect(folder.lastPathComponent.lowercased() == "sparrow")
}

@Test(arguments: ["", "abc", "12a"])
func aTokenWithoutANumericUidMakesNoAccount(_ uid: String) {
  let token = AccessToken(accessToken: "t", expiresIn: 60, uid: uid, refreshToken: nil)

  #expect(throws: APIError.self) { try Account(token: token, now: now) }
}

@Test func theAccountTakesTheUsersNameAndAvatar() {
  let user = User(id: 2_629_046_977, screenName: "小明", profileImageUrl: "http://a/50", avatarLarge: "http://a/180")

  let filled = account(expiresIn: 60).with(user: user)

  #expect(filled.screenName == "小明")
  #expect(filled.avatarURL == "http://a/180")
}
