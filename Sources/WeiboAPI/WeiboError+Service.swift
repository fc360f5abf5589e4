import Hummingbird
import SparrowPlatform

/// The 微博 service's error codes, in the platform's envelope.
extension WeiboError {
  package static let userNotFound = WeiboError(status: .badRequest, code: 20003, error: "User does not exists")
  package static let contentEmpty = WeiboError(status: .badRequest, code: 20008, error: "Content is null")
  package static let textTooLong = WeiboError(
    status: .badRequest, code: 20012, error: "Text too long, please input text less than 140 characters")
  package static let repeated = WeiboError(status: .badRequest, code: 20019, error: "Repeat conetnt")
  package static let statusNotFound = WeiboError(status: .badRequest, code: 20101, error: "Target weibo does not exist")
  package static let notYourStatus = WeiboError(status: .forbidden, code: 20102, error: "Not your own weibo")
  package static let statusIDMissing = WeiboError(status: .badRequest, code: 20109, error: "Weibo id is null")
  package static let commentNotFound = WeiboError(status: .badRequest, code: 20201, error: "Target weibo comment does not exist")
  package static let notYourComment = WeiboError(status: .forbidden, code: 20203, error: "Not your own comment")
  package static let commentIDMissing = WeiboError(status: .badRequest, code: 20204, error: "Comment id is null")
  package static let friendshipUserMissing = WeiboError(
    status: .badRequest, code: 20501, error: "Source_user or target_user does not exists")
  package static let targetMissing = WeiboError(
    status: .badRequest, code: 20502, error: "Please input right target user id or screen_name")
  package static let followSelf = WeiboError(status: .forbidden, code: 20504, error: "Can not follow yourself")
  package static let alreadyFollowed = WeiboError(status: .forbidden, code: 20506, error: "Already followed")
  package static let notFollowed = WeiboError(status: .badRequest, code: 20522, error: "Not followed")
  package static let alreadyFavorited = WeiboError(status: .forbidden, code: 20704, error: "Already favorited")
  package static let notFavorited = WeiboError(status: .badRequest, code: 20705, error: "Not favorited")
  package static let alreadyLiked = WeiboError(status: .forbidden, code: 20706, error: "Already liked")
  package static let notLiked = WeiboError(status: .badRequest, code: 20707, error: "Not liked")
}
