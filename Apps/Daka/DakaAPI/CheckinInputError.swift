import Foundation
import SparrowMedia
import SparrowPlatform
import DakaStore
import SparrowStore

/// Why a check-in's input is refused, naming the field at fault: the API sends it in its error envelope
/// (`weibo`), the web client shows `message`.
package enum CheckinInputError: Error, Sendable {
  case missing(String)
  case tooLong(String, limit: Int, count: Int)
  /// Within the limit to the eye, but carrying far more behind it (`TextLimit`'s scalars or bytes).
  case tooHeavy(String, limit: Int)
  case controlCharacter(String, multiline: Bool)
  /// The date as sent.
  case badDate(String)
  /// A day that has not come yet anywhere.
  case futureDate(String)
  case badVisibility(String)
  /// `latitude` and `longitude` not both degrees on Earth (or only one of them).
  case badPoint
  /// A yes/no field with another value.
  case badFlag(String)
  case tooManyPictures(Int)
  /// A `remove_pic` id that is not one of the entry's pictures.
  case notItsPicture(String)
  /// A picture the pipeline refuses, numbered from 1 in the order sent.
  case picture(MediaError, number: Int)

  /// The form field at fault, if one is.
  package var field: String? {
    switch self {
    case .missing(let name), .tooLong(let name, _, _), .tooHeavy(let name, _), .controlCharacter(let name, _): name
    case .badDate, .futureDate: "date"
    case .badVisibility: "visibility"
    case .badPoint: "latitude"
    case .badFlag(let name): name
    case .tooManyPictures, .notItsPicture, .picture: "pic"
    }
  }

  package var weibo: EnvelopeError {
    switch self {
    case .missing(let name): .missing(name)
    case .tooLong(let name, let limit, let count):
      .field(name, expected: "at most \(limit) characters", got: "\(count) characters")
    case .tooHeavy(let name, let limit):
      .field(name, expected: "at most \(limit) characters", got: "more code points than \(limit) characters carry")
    case .controlCharacter(let name, let multiline):
      .field(name, expected: multiline ? "text" : "one line of text", got: "a control character")
    case .badDate(let text): .field("date", expected: "a day that exists, as YYYY-MM-DD", got: CheckinFields.shown(text))
    case .futureDate(let text): .field("date", expected: "a day no later than today", got: text)
    case .badVisibility(let text): .field("visibility", expected: "public or private", got: CheckinFields.shown(text))
    case .badPoint:
      .field("latitude", expected: "latitude (-90…90) and longitude (-180…180) in degrees, both or neither", got: "something else")
    case .badFlag(let name): .field(name, expected: "1 or 0", got: "something else")
    case .tooManyPictures(let count): .tooManyPictures(count)
    case .notItsPicture(let id):
      .field("remove_pic", expected: "the id of one of the check-in's pictures", got: CheckinFields.shown(id))
    case .picture(let error, let number): .picture(error, number: number)
    }
  }

  /// What a person is told, in the notes' words.
  package var message: String {
    switch self {
    case .missing("date"): "请选择日期"
    case .missing(let name): "请填写\(Self.label(name))"
    case .tooLong(let name, let limit, _), .tooHeavy(let name, let limit): "\(Self.label(name))最多\(limit)个字"
    case .controlCharacter(let name, _): "\(Self.label(name))里有无法显示的字符"
    case .badDate: "日期不对，请选择一个存在的日期"
    case .futureDate: "日期不能晚于今天"
    case .badVisibility: "请选择公开或仅自己可见"
    case .badPoint: "位置坐标不对"
    case .badFlag: "请选择是或否"
    case .tooManyPictures: "最多\(checkinPictureLimit)张图片"
    case .notItsPicture: "要删除的图片不在这条打卡里"
    case .picture(let error, let number): "第\(number)张图片：\(error.message)"
    }
  }

  static func label(_ field: String) -> String {
    switch field {
    case "date": "日期"
    case "location": "地点"
    case "spot": "景点"
    case "thoughts": "感想"
    default: field
    }
  }
}
