import Hummingbird

/// The context of every request to every app: Hummingbird's core, plus what the platform's web middleware
/// found (the signed-in viewer and the parsed parameters). API routes leave both empty and authenticate
/// with tokens instead.
package struct SparrowContext: RequestContext {
  package var coreContext: CoreRequestContextStorage
  /// The person signed in to the platform's web session; set by `WebSessionMiddleware`.
  package var viewer: Viewer?
  /// Query and form parameters; read by `FormMiddleware`.
  package var params = Params()
  /// The peer's IP address (for throttling sign-ins); nil when the transport has none (router tests).
  /// Behind trusted proxies, the address they were asked from (`ForwardedFor`, applied by `ObservedResponder`).
  package var clientAddress: String?
  /// The route matched, for the request's log line and metrics (see `ObservedResponder`).
  package let route = RouteLabel()

  package init(source: Source) {
    coreContext = .init(source: source)
    clientAddress = source.channel.remoteAddress?.ipAddress
  }
}
