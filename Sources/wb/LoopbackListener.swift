#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Dispatch
import Foundation

/// A tiny HTTP listener on 127.0.0.1 that waits for one OAuth redirect (RFC 8252's loopback redirect)
/// and answers the browser with a short page. Anything else gets a 404 and the wait goes on.
struct LoopbackListener: Sendable {
  /// The listening socket.
  private let fd: Int32
  /// The port the system picked.
  let port: Int

  /// The largest request head read; a browser's GET is far smaller.
  private static let maxHead = 16 * 1024

  /// Listens on an ephemeral port of 127.0.0.1.
  init() throws {
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw WBError.system("socket", errno) }
    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(fd, address, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, address, &length) == 0
      }
    }
    guard bound else {
      let code = errno
      close(fd)
      throw WBError.system("bind 127.0.0.1", code)
    }
    self.fd = fd
    port = Int(UInt16(bigEndian: address.sin_port))
  }

  /// The redirect URI to register this listener under: `http://127.0.0.1:<port><path>`.
  func redirectURI(path: String = "/callback") -> String { "http://127.0.0.1:\(port)\(path)" }

  /// Waits until a browser GETs `path` with a `code` or an `error` in its query, answers it, and returns the
  /// full callback URL; the page says the login worked only for a code with `state`. Throws
  /// `WBError.loginTimedOut` after `timeout`.
  func callback(path: String = "/callback", state: String, timeout: Duration) async throws -> URL {
    let deadline = ContinuousClock.now + timeout
    return try await withCheckedThrowingContinuation { continuation in
      // Blocking poll(2) belongs on a thread of its own, not on the concurrency pool.
      DispatchQueue.global().async {
        continuation.resume(with: Result { try serve(path: path, state: state, until: deadline) })
      }
    }
  }

  /// Closes the listening socket.
  func stop() {
    close(fd)
  }

  private func serve(path: String, state: String, until deadline: ContinuousClock.Instant) throws -> URL {
    // Several connections at once: browsers open speculative ones that never send a request.
    var pending: [Int32: [UInt8]] = [:]
    defer { for client in pending.keys { close(client) } }
    while true {
      let left = deadline - ContinuousClock.now
      guard left > .zero else { throw WBError.loginTimedOut }
      var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
      fds += pending.keys.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      let wait = Int32(min(left.components.seconds * 1000 + 1, 1000))
      let ready = poll(&fds, nfds_t(fds.count), wait)
      if ready < 0 {
        if errno == EINTR { continue }
        throw WBError.system("poll", errno)
      }
      for entry in fds where entry.revents != 0 {
        if entry.fd == fd {
          let client = accept(fd, nil, nil)
          if client >= 0 { pending[client] = [] }
          continue
        }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = recv(entry.fd, &chunk, chunk.count, 0)
        guard count > 0 else {
          close(entry.fd)
          pending[entry.fd] = nil
          continue
        }
        var head = pending[entry.fd, default: []]
        head += chunk[0..<count]
        pending[entry.fd] = head
        guard let end = Self.headEnd(head) else {
          if head.count > Self.maxHead { finish(entry.fd, &pending, status: "431 Request Header Fields Too Large", page: "请求太大") }
          continue
        }
        if let target = Self.target(of: head[..<end]), let url = URL(string: "http://127.0.0.1:\(port)\(target)"),
          url.path == path, let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems,
          items.contains(where: { $0.name == "code" || $0.name == "error" })
        {
          let granted = items.contains { $0.name == "code" } && items.contains { $0.name == "state" && $0.value == state }
          finish(
            entry.fd, &pending, status: "200 OK",
            page: granted ? "授权完成，可以关闭此页面，回到终端。" : "授权没有完成，请回到终端查看。")
          return url
        }
        finish(entry.fd, &pending, status: "404 Not Found", page: "这里只接收 Sparrow 的授权回调。")
      }
    }
  }

  /// Answers and closes one connection.
  private func finish(_ client: Int32, _ pending: inout [Int32: [UInt8]], status: String, page: String) {
    let body = Array("<!doctype html><html lang=\"zh-CN\"><meta charset=\"utf-8\"><title>wb</title><p>\(page)</p></html>".utf8)
    let head = "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.count)\r\nConnection: close\r\nCache-Control: no-store\r\n\r\n"
    let bytes = Array(head.utf8) + body
    #if os(Linux)
      let flags = Int32(MSG_NOSIGNAL)
    #else
      var on: Int32 = 1
      setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
      let flags: Int32 = 0
    #endif
    var sent = 0
    while sent < bytes.count {
      let written = bytes[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, flags) }
      if written <= 0 { break }
      sent += written
    }
    close(client)
    pending[client] = nil
  }

  /// The index just past the blank line that ends the request head.
  private static func headEnd(_ bytes: [UInt8]) -> Int? {
    let marker: [UInt8] = [13, 10, 13, 10]
    guard bytes.count >= 4 else { return nil }
    for index in 0...(bytes.count - 4) where bytes[index..<index + 4].elementsEqual(marker) { return index + 4 }
    return nil
  }

  /// The target of a `GET <target> HTTP/1.x` request line.
  private static func target(of head: ArraySlice<UInt8>) -> String? {
    let line = String(decoding: head.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self)
    let parts = line.split(separator: " ")
    guard parts.count == 3, parts[0] == "GET", parts[1].hasPrefix("/"), parts[2].hasPrefix("HTTP/1.") else { return nil }
    return String(parts[1])
  }
}
