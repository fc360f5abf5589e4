import Foundation
import SparrowCore
import SparrowStore

extension UserRecord {
  /// The 50 px, 180 px and original avatar URLs under `baseURL`: the uploaded picture's sizes, or the generated avatar.
  package func avatarURLs(baseURL: String) -> (small: String, large: String, hd: String) {
    if let file = avatar {
      return ("\(baseURL)/pics/avatar50/\(file)", "\(baseURL)/pics/avatar180/\(file)", "\(baseURL)/pics/large/\(file)")
    }
    let generated = "\(baseURL)/avatars/\(id)"
    return ("\(generated)/50.png", "\(generated)/180.png", "\(generated)/hd.png")
  }
}

extension User {
  /// The platform's user object, as every app's API returns it, for `record` seen by `viewer` (who sees the
  /// private statuses in the count only when it is their own). The relationship is the caller's to give.
  package init(_ record: UserRecord, baseURL: String, viewer: Int64?, following: Bool = false, followMe: Bool = false) {
    let record = record.shown(to: viewer)
    let avatar = record.avatarURLs(baseURL: baseURL)
    self.init(
      id: record.id, screenName: record.screenName, location: record.location, description: record.description,
      url: record.url, profileImageUrl: avatar.small, avatarLarge: avatar.large,
      avatarHd: avatar.hd, gender: record.gender, followersCount: record.followersCount,
      friendsCount: record.friendsCount, statusesCount: record.statusesCount(seenBy: viewer ?? 0),
      favouritesCount: record.favouritesCount, biFollowersCount: record.biFollowersCount,
      createdAt: WeiboDate.string(from: record.createdAt), following: following, followMe: followMe,
      verifiedType: record.verifiedType, verifiedReason: record.verifiedReason, mbtype: record.mbtype,
      mbrank: record.mbrank)
  }
}
