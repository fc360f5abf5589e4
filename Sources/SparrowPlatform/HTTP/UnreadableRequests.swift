import Hummingbird
import SparrowCore
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// The body of the answer to a request HTTP itself could not read, in the format of the app whose path it was.
package struct UnreadableAnswer: Sendable {
  package var contentType: String
  package var body: [UInt8]

  package init(contentType: String, body: [UInt8]) {
    self.contentType = contentType
    self.body = body
  }

  /// The platform's envelope (`{"error","error_code","request"}`), as the 微博 and 打卡 APIs and OAuth answer.
  package static func envelope(_ error: EnvelopeError, path: String) -> UnreadableAnswer {
    error.unreadableAnswer(path: path)
  }

  /// For a person: a short page (the request never reached an app, so no app's page).
  package static let page = UnreadableAnswer(
    contentType: "text/html; charset=utf-8",
    body: Array("""
      <!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>请求有误</title>\
      <p>浏览器发来的请求无法读取（HTTP 400）。请返回重试。</p></html>
      """.utf8))
}

/// Requests the HTTP/1 parser refuses (a malformed header line, headers past the size limit, a broken chunk
/// size): Hummingbird closes the connection after an empty 400, so a client learns nothing in its API's format.
/// These handlers give the same close a body instead: the answer of the app whose path the request named (431
/// for headers that are too large), through `answer`.
package enum UnreadableRequests {
  /// The path and the status a refused request gets an answer for.
  package typealias Answer = @Sendable (_ path: String, _ status: HTTPResponse.Status) -> UnreadableAnswer

  /// Each app answers for its own paths; the platform for the rest: its OAuth endpoints in the envelope, anything
  /// else (web pages) with a short page.
  package static func answer(apps: [any SparrowApp]) -> Answer {
    { path, status in
      if let answer = apps.lazy.compactMap({ $0.unreadable(path: path, status: status) }).first { return answer }
      if path.hasPrefix("/oauth2/"), path != "/oauth2/authorize" { return .envelope(.unreadable(status), path: path) }
      return .page
    }
  }

  /// The handlers for one connection, for Hummingbird's `additionalChannelHandlers`.
  package static func handlers(_ answer: @escaping Answer) -> [any RemovableChannelHandler] {
    [Rewriter(answer: answer)]
  }

  /// On a connection that may become a WebSocket, Hummingbird's HTTP handlers (and `handlers(_:)`) join only once the
  /// first request's head is read. Until then `FirstRequestGuard` stands in: it answers a first request the parser
  /// refuses in its app's format, and closes a connection whose first head does not come within `idleTimeout`.
  /// Added after the channel's own setup, right after its request decoder.
  package static func guardFirstRequest(_ pipeline: ChannelPipeline.SynchronousOperations, answer: @escaping Answer,
                                        idleTimeout: TimeAmount) throws
  {
    let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
    let idle = IdleStateHandler(readTimeout: idleTimeout)
    try pipeline.addHandler(idle, position: .after(decoder))
    try pipeline.addHandler(FirstRequestGuard(answer: answer, idle: idle), position: .after(idle))
  }

  final class FirstRequestGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart
    let answer: Answer
    let idle: IdleStateHandler
    let path = Path()
    let firstLine: FirstLine
    var answered = false

    init(answer: @escaping Answer, idle: IdleStateHandler) {
      self.answer = answer
      self.idle = idle
      firstLine = FirstLine(path: path)
    }

    func handlerAdded(context: ChannelHandlerContext) {
      try? context.pipeline.syncOperations.addHandler(firstLine, position: .first)
    }

    /// The first head is read: Hummingbird's handlers take over (or the WebSocket's).
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      let isHead = if case .head = unwrapInboundIn(data) { true } else { false }
      context.fireChannelRead(data)
      guard isHead else { return }
      let pipeline = context.pipeline.syncOperations
      pipeline.removeHandler(firstLine, promise: nil)
      pipeline.removeHandler(idle, promise: nil)
      pipeline.removeHandler(context: context, promise: nil)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
      if let event = event as? IdleStateHandler.IdleStateEvent, event == .read {
        context.close(promise: nil)
        return
      }
      context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
      guard let error = error as? HTTPParserError, !answered else { return context.fireErrorCaught(error) }
      answered = true
      let status: HTTPResponse.Status = if case .headerOverflow = error { .requestHeaderFieldsTooLarge } else { .badRequest }
      let answer = answer(path.value, status)
      var headers = HTTPHeaders()
      headers.add(name: "Content-Type", value: answer.contentType)
      headers.add(name: "Content-Length", value: String(answer.body.count))
      headers.add(name: "X-Content-Type-Options", value: "nosniff")
      headers.add(name: "Connection", value: "close")
      let head = HTTPResponseHead(version: .http1_1, status: .init(statusCode: status.code), headers: headers)
      context.write(wrapOutboundOut(.head(head)), promise: nil)
      context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: answer.body)))), promise: nil)
      // Closing at once, with the rest of a large refused request unread, would reset the connection before the client
      // reads the answer: end the answer, then close once the client is done sending (or after a moment).
      let channel = context.channel
      context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
        channel.close(mode: .output, promise: nil)
        channel.eventLoop.scheduleTask(in: .seconds(2)) { channel.close(promise: nil) }
      }
    }
  }

  /// The target of a request line (`GET /2/x.json?y HTTP/1.1`), when it is a path.
  static func target(ofRequestLine bytes: some Collection<UInt8>) -> String? {
    let parts = bytes.split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: true)
    guard parts.count >= 2, parts[1].first == UInt8(ascii: "/") else { return nil }
    return String(decoding: parts[1], as: UTF8.self)
  }

  /// The target of the request being read: from each request head, and for a request whose head never decodes,
  /// from its first line. Kept as it came; cut to its path only when an answer is needed.
  final class Path {
    var target: String?

    var value: String { String((target ?? "/").prefix { $0 != "?" && $0 != "#" }) }
  }

  /// First in the pipeline, before the parser: reads the first line of the connection, and of each request that
  /// starts in a read of its own after the one before ended (requests sent together are read as one).
  final class FirstLine: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    let path: Path
    var seen: [UInt8] = []
    var done = false

    init(path: Path) { self.path = path }

    /// The request before has ended: the next bytes start a request.
    func rearm() {
      done = false
      seen = []
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      if !done {
        let bytes = unwrapInboundIn(data).readableBytesView
        let end = bytes.firstIndex(of: UInt8(ascii: "\r"))
        seen += bytes[..<(end ?? bytes.endIndex)].prefix(8_192 - seen.count)
        if end != nil || seen.count >= 8_192 {
          if let target = UnreadableRequests.target(ofRequestLine: seen) { path.target = target }
          done = true
          seen = []
        }
      }
      context.fireChannelRead(data)
    }
  }

  /// After the parser: remembers each request's path, notes a parser error, and replaces the empty 400 that
  /// follows it with the app's answer.
  final class Rewriter: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart
    let answer: Answer
    let path = Path()
    let firstLine: FirstLine
    var refused: HTTPResponse.Status?

    init(answer: @escaping Answer) {
      self.answer = answer
      firstLine = FirstLine(path: path)
    }

    func handlerAdded(context: ChannelHandlerContext) {
      try? context.pipeline.syncOperations.addHandler(firstLine, position: .first)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      switch unwrapInboundIn(data) {
      case .head(let head): if let target = head.path { path.target = target }
      case .end: firstLine.rearm()
      case .body: break
      }
      context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
      if let error = error as? HTTPParserError {
        if case .headerOverflow = error { refused = .requestHeaderFieldsTooLarge } else { refused = .badRequest }
      }
      context.fireErrorCaught(error)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
      guard let status = refused, case .head(var head) = unwrapOutboundIn(data), head.status == .badRequest,
        head.headerFields[.contentLength] == "0"
      else { return context.write(data, promise: promise) }
      refused = nil
      let answer = answer(path.value, status)
      head.status = status
      head.headerFields[.contentType] = answer.contentType
      head.headerFields[.contentLength] = String(answer.body.count)
      head.headerFields[.xContentTypeOptions] = "nosniff"
      context.write(wrapOutboundOut(.head(head)), promise: nil)
      context.write(wrapOutboundOut(.body(ByteBuffer(bytes: answer.body))), promise: promise)
    }
  }
}
