import Hummingbird
import SparrowPlatform

/// The 微博 service's error codes, in the platform's envelope.
extension EnvelopeError {
  package static let userNotFound = EnvelopeError(status: .badRequest, code: 20003, error: "User does not exists")
  package static let contentEmpty = EnvelopeError(status: .badRequest, code: 20008, error: "Content is null")
  package static let textTooLong = EnvelopeError(
    status: .badRequest, code: 20012, error: "Text too long, please input text less than 140 characters")
  package static let repeated = EnvelopeError(status: .badRequest, code: 20019, error: "Repeat conetnt")
  package static let statusNotFound = EnvelopeError(status: .badRequest, code: 20101, error: "Target weibo does not exist")
  package static let notYourStatus = EnvelopeError(status: .forbidden, code: 20102, error: "Not your own weibo")
  package static let statusIDMissing = EnvelopeError(status: .badRequest, code: 20109, error: "Weibo id is null")
  package static let commentNotFound = EnvelopeError(status: .badRequest, code: 20201, error: "Target weibo comment does not exist")
  /// A `pic_id` that is not one of the caller's uploads: the same for someone else's picture as for none at all,
  /// so it names no id.
  package static let pictureNotAttachable = EnvelopeError.badParameter(
    "pic_id", expected: "ids of pictures you uploaded", got: "an id that is not one of them")
  package static let notYourComment = EnvelopeError(status: .forbidden, code: 20203, error: "Not your own comment")
  package static let commentIDMissing = EnvelopeError(status: .badRequest, code: 20204, error: "Comment id is null")
  package static let friendshipUserMissing = EnvelopeError(
    status: .badRequest, code: 20501, error: "Source_user or target_user does not exists")
  package static let targetMissing = EnvelopeError(
    status: .badRequest, code: 20502, error: "Please input right target user id or screen_name")
  package static let followSelf = EnvelopeError(status: .forbidden, code: 20504, error: "Can not follow yourself")
  package static let alreadyFollowed = EnvelopeError(status: .forbidden, code: 20506, error: "Already followed")
  package static let notFollowed = EnvelopeError(status: .badRequest, code: 20522, error: "Not followed")
  /// Following someone one blocked, and someone who blocked one (Weibo's own codes and texts).
  package static let youBlockedThem = EnvelopeError(
    status: .forbidden, code: 20512, error: "Please delete the user from you blacklist before you follow the user")
  package static let privacyDenied = EnvelopeError(
    status: .forbidden, code: 20508, error: "According to user privacy settings,you can not do this")
  /// `blocks/*` and Sparrow's `mutes/*`: Sparrow's codes, next to the follow ones (the v2 table names none).
  package static let alreadyBlocked = EnvelopeError(status: .forbidden, code: 20530, error: "Already blocked")
  package static let notBlocked = EnvelopeError(status: .badRequest, code: 20531, error: "Not blocked")
  package static let alreadyMuted = EnvelopeError(status: .forbidden, code: 20532, error: "Already muted")
  package static let notMuted = EnvelopeError(status: .badRequest, code: 20533, error: "Not muted")
  package static let blockSelf = EnvelopeError(status: .forbidden, code: 20534, error: "Can not block or mute yourself")
  package static let alreadyFavorited = EnvelopeError(status: .forbidden, code: 20704, error: "Already favorited")
  package static let notFavorited = EnvelopeError(status: .badRequest, code: 20705, error: "Not favorited")
  package static let alreadyLiked = EnvelopeError(status: .forbidden, code: 20706, error: "Already liked")
  package static let notLiked = EnvelopeError(status: .badRequest, code: 20707, error: "Not liked")
}
