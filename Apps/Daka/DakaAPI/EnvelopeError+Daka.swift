import Foundation
import SparrowMedia
import SparrowPlatform
import DakaStore
import SparrowStore

/// 打卡's service errors, in the platform's envelope. Every refusal of input names the field at fault.
extension EnvelopeError {
  /// No entry with that id that the caller may see: the same answer for a private entry of someone else's.
  static let checkinNotFound = EnvelopeError(status: .notFound, code: 20801, error: "Check-in does not exist")
  static let notYourCheckin = EnvelopeError(status: .forbidden, code: 20802, error: "Not your own check-in")
  /// No trip with that id that the caller may see: the same answer for a private trip of someone else's.
  static let tripNotFound = EnvelopeError(status: .notFound, code: 20803, error: "Trip does not exist")
  static let notYourTrip = EnvelopeError(status: .forbidden, code: 20804, error: "Not your own trip")

  /// A field whose value breaks a rule: `expected` says the rule, `got` what came.
  static func field(_ name: String, expected: String, got: String) -> EnvelopeError {
    .badParameter(name, expected: expected, got: got)
  }

  static func tooManyPictures(_ count: Int) -> EnvelopeError {
    .field("pic", expected: "at most \(checkinPictureLimit) pictures", got: "\(count) pictures")
  }

  /// A `pic` part the picture pipeline refuses, numbered from 1 in the order sent.
  static func picture(_ error: MediaError, number: Int) -> EnvelopeError {
    let refusal = error.weibo
    return EnvelopeError(status: refusal.status, code: refusal.code, error: "Parameter (pic) number \(number): \(refusal.error)")
  }
}
