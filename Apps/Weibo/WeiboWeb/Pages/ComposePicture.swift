import SparrowPlatform

/// A chosen picture in the composer (`weibo_compose_pic.mustache`, also `POST /web/upload`'s answer): its
/// thumbnail, its `pic_id` field, and buttons to move or remove it.
struct ComposePicture: PageModel {
  let id: String
  let thumb: String

  func child(named name: String) -> Any? {
    switch name {
    case "id": id
    case "thumb": thumb
    default: nil
    }
  }
}
