import DakaAPI
import Foundation
import SparrowPlatform
import DakaStore
import SparrowStore

/// The 打卡 form, new or editing: date (today by default), location, spot, thoughts, 公开 / 仅自己可见 (private by
/// default), and up to five pictures. After a refusal it shows what was typed and says what is wrong.
struct CheckinForm: PageModel {
  /// A picture the entry already has, kept unless ticked for removal.
  struct KeptPicture: PageModel {
    let id: String
    let thumbnail: String
    let removing: Bool

    func child(named name: String) -> Any? {
      switch name {
      case "id": id
      case "thumbnail": thumbnail
      case "removing": removing
      default: nil
      }
    }
  }

  let frame: DakaFrame
  let action: String
  let date: String
  let location: String
  let spot: String
  let thoughts: String
  let isPublic: Bool
  let kept: [KeptPicture]
  let error: String?
  /// The field the error is about, marked `aria-invalid`.
  let errorField: String?
  let editing: Bool
  /// The server's today, when the date field shows it as the default (script puts the browser's own today there).
  let defaultDay: String?
  /// The exact point as the form holds it (`latitude`, `longitude`: empty for none), and 显示精确位置.
  let latitude: String
  let longitude: String
  let showsPoint: Bool

  /// The form's values from what was posted, else from `record`, else the defaults.
  init(frame: DakaFrame, action: String, params: Params?, record: CheckinRecord?, today: String,
       error: CheckinInputError? = nil, picturesNote: Bool = false) {
    self.frame = frame
    self.action = action
    func value(_ name: String, _ current: String?) -> String { params?[name] ?? current ?? "" }
    date = value("date", record?.date ?? today)
    location = value("location", record?.location)
    spot = value("spot", record?.spot)
    thoughts = value("thoughts", record?.thoughts)
    isPublic = (params?["visibility"] ?? record?.visibility.rawValue) == CheckinVisibility.public.rawValue
    let removing = Set(params?.all("remove_pic") ?? [])
    kept = (record?.pictures ?? []).map {
      KeptPicture(id: $0.id, thumbnail: "/pics/thumbnail/\($0.fileName)", removing: removing.contains($0.id))
    }
    var message = error?.message
    // Files chosen in a form that came back cannot be put back into its file input.
    if let text = message, picturesNote { message = text + "（图片需要重新选择）" }
    self.error = message
    errorField = error?.field
    editing = record != nil
    defaultDay = record == nil && params == nil ? today : nil
    latitude = value("latitude", record?.point.map { Self.degrees($0.latitude) })
    longitude = value("longitude", record?.point.map { Self.degrees($0.longitude) })
    showsPoint = params.map { ["1", "true", "on"].contains($0["show_exact_location"] ?? "") } ?? record?.showsPoint ?? false
  }

  /// Degrees as the form and the page write them: up to six decimals (about 10 cm), no trailing zeros.
  static func degrees(_ value: Double) -> String {
    var text = String(format: "%.6f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// `35.6812, 139.7671` for the form's line about the point.
  var pointText: String? { latitude.isEmpty || longitude.isEmpty ? nil : "\(latitude), \(longitude)" }

  func child(named name: String) -> Any? {
    switch name {
    case "action": action
    case "date": date
    case "default_day": defaultDay
    case "location": location
    case "spot": spot
    case "thoughts": thoughts
    case "public": isPublic
    case "private": !isPublic
    case "kept": kept
    case "free_slots": checkinPictureLimit - kept.filter { !$0.removing }.count
    case "max_pictures": checkinPictureLimit
    case "error": error
    case "bad_date": errorField == "date"
    case "bad_location": errorField == "location"
    case "bad_spot": errorField == "spot"
    case "bad_thoughts": errorField == "thoughts"
    case "editing": editing
    case "latitude": latitude
    case "longitude": longitude
    case "point_text": pointText
    case "shows_point": showsPoint
    case "bad_point": errorField == "latitude"
    case "submit": editing ? "保存" : "发布"
    default: frame.child(named: name)
    }
  }
}
