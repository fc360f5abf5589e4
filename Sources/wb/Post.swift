import ArgumentParser
import Foundation
import SparrowKit

/// `wb post TEXT [--pic FILE]…`: a new status, with up to nine pictures.
struct Post: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Post a status, optionally with pictures (JPEG, PNG, GIF or WebP; up to 9).",
    discussion: "One picture goes up with statuses/upload; several are uploaded one by one (upload_pic) and posted with their pic_ids.")

  @Argument(help: "The text (up to 140 characters; two Latin letters count as one).")
  var text: String
  @Option(name: .customLong("pic"), help: "A picture to attach; repeat for more.")
  var pictures: [String] = []
  @OptionGroup var output: OutputOptions
  @OptionGroup var config: ConfigOptions

  func validate() throws {
    guard pictures.count <= PictureGrid.maxCount else {
      throw ValidationError("at most \(PictureGrid.maxCount) pictures (--pic) per status")
    }
  }

  func run() async throws {
    try await Failure.reporting {
      let client = try config.session.loggedIn().client
      let files = try pictures.map(Self.readPicture)
      let posted: Answer<Status>
      switch files.count {
      case 0:
        posted = try await client.answer(Statuses.update(text: text))
      case 1:
        posted = try await client.answer(Statuses.upload(text: text, picture: files[0]))
      default:
        var ids: [String] = []
        for file in files { ids.append(try await client.send(Statuses.uploadPicture(file)).picID) }
        posted = try await client.answer(Statuses.update(text: text, pictureIDs: ids))
      }
      Terminal.printStatus(posted, title: "已发布", json: output.json)
    }
  }

  /// The file as a `pic` part; its type is read from its first bytes.
  static func readPicture(_ path: String) throws -> FormFile {
    let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
    guard let data = try? Data(contentsOf: url) else { throw WBError.file("读不了图片文件：\(path)") }
    return FormFile.picture(data, fileName: url.lastPathComponent)
  }
}
