import ArgumentParser
import Foundation
import SparrowKit

/// `wb comment ID TEXT`.
struct CommentCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "comment", abstract: "Comment on a status.")

  @Argument(help: "The status id.")
  var id: Int64
  @Argument(help: "The comment (up to 140 characters).")
  var text: String
  @OptionGroup var output: OutputOptions
  @OptionGroup var config: ConfigOptions

  func run() async throws {
    try await Failure.reporting {
      let client = try config.session.loggedIn().client
      let comment = try await client.answer(Comments.create(id: id, text: text))
      if output.json { return Terminal.printJSON(comment.json) }
      let palette = Palette.forStdout()
      Terminal.print(palette.bold("已评论"))
      Terminal.print(CommentBlock(CommentViewModel(comment: comment.value), now: Date(), palette: palette).text)
    }
  }
}
