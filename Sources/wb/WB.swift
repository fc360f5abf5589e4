import ArgumentParser

/// The `wb` command: the root of the terminal client's subcommands.
@main
struct WB: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "wb",
    abstract: "Sparrow 微博 in the terminal: read the home timeline, post, comment, repost and like.",
    discussion: """
      Log in once; the server and the login are saved for the other commands.

        wb login --server http://127.0.0.1:8080     # in a browser
        wb login --server URL --username NAME --password PW   # for scripts
        wb home                  # the newest statuses
        wb home --more           # the next older page
        wb post '今天天气不错 #周末#' --pic a.jpg --pic b.png
        wb comment ID '说得好'   wb repost ID '转发理由'   wb like ID
        wb show ID               wb user NAME              wb logout

      Client credentials: login needs the key and secret of an app registered
      with the redirect URI http://127.0.0.1/callback (the password grant only
      works for first-party apps). Give --client-id and --client-secret, or set
      WB_CLIENT_ID and WB_CLIENT_SECRET. `sparrow serve --demo` prints the key
      and secret of its terminal app; to register one yourself:
        sparrow app create --name wb --redirect-uri http://127.0.0.1/callback \
          --first-party

      Files: the login is kept in SparrowKit's account folder
      ($XDG_DATA_HOME/sparrow or ~/.local/share/sparrow); --config DIR or the
      WB_HOME variable chooses another.

      Output: colours only when stdout is a terminal and NO_COLOR is unset;
      --json prints the server's JSON instead. Errors go to stderr as
      `错误 CODE: message`, with exit status 1.
      """,
    subcommands: [
      Login.self, Home.self, UserCommand.self, Show.self, Post.self, CommentCommand.self, Repost.self, Like.self,
      Logout.self,
    ])
}
