import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Prometheus
import SparrowStore
import Synchronization

/// What the server tells its operators: one log line per request (route, status, time, request id) and the
/// Prometheus metrics at `/metrics` — requests by route and status, latency histograms, the database pool's
/// use and the caches' hit rates.
package final class Observability: Sendable {
  package let registry = PrometheusCollectorRegistry()
  let store: any PlatformStore
  /// Proxies whose `X-Forwarded-For` is believed (`--trusted-proxy`).
  let trustedProxies: Set<String>
  let logger = Logger(label: "sparrow.requests")
  /// Store tallies already added to the Prometheus counters, by name and labels.
  private let reported = Mutex<[String: Int]>([:])
  /// Routes are patterns and statuses few, so this stays small.
  private let madeInstruments = Mutex<[InstrumentKey: (Counter, DurationHistogram)]>([:])

  static var requests: MetricNameDescriptor {
    MetricNameDescriptor(
    namespace: "sparrow", metricName: "http_requests", unitName: "total", helpText: "Requests answered, by route, method and status.")
  }
  static var durations: MetricNameDescriptor {
    MetricNameDescriptor(
      namespace: "sparrow", metricName: "http_request_duration", unitName: "seconds",
      helpText: "Time from the request's head to its response (a streamed body's writing not included), by route and method.")
  }
  static let buckets: [Duration] = [1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10_000]
    .map { .microseconds(Int64($0 * 1000)) }

  package init(store: any PlatformStore, trustedProxies: Set<String> = []) {
    self.store = store
    self.trustedProxies = trustedProxies
  }

  /// Counts and logs one finished request. `route` is a route's pattern, never a raw path, so the metrics stay
  /// bounded whatever paths clients send.
  func finished(_ request: Request, route: String, status: HTTPResponse.Status, elapsed: Duration, id: String,
                peer: String?) {
    let method = request.method.rawValue
    let (counter, histogram) = instruments(route: route, method: method, status: status.code)
    counter.increment()
    histogram.record(elapsed)
    // The path without its query: tokens may travel in a query string. (The metadata is only built when
    // the level lets the line through.)
    let (seconds, attoseconds) = elapsed.components
    logger.info("request", metadata: [
      "method": .string(method), "path": .string(request.uri.path), "route": .string(route),
      "status": .stringConvertible(status.code), "ms": .string(Self.milliseconds(seconds, attoseconds)),
      "request_id": .string(id), "peer": .string(peer ?? "-"),
    ])
  }

  /// `12.34`: milliseconds with two decimals, rounded (`String(format:)` cost more than the rest of the line).
  package static func milliseconds(_ seconds: Int64, _ attoseconds: Int64) -> String {
    let hundredths = seconds * 100_000 + (attoseconds + 5_000_000_000_000) / 10_000_000_000_000
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// The counter and histogram of one route, method and status: made once, then found in a dictionary (the
  /// registry's own lookup builds and hashes its label arrays on every request).
  private func instruments(route: String, method: String, status: Int) -> (Counter, DurationHistogram) {
    let key = InstrumentKey(route: route, method: method, status: status)
    if let found = madeInstruments.withLock({ $0[key] }) { return found }
    let made = (
      registry.makeCounter(descriptor: Self.requests, labels: [("route", route), ("method", method), ("status", String(status))]),
      registry.makeDurationHistogram(descriptor: Self.durations, labels: [("route", route), ("method", method)], buckets: Self.buckets))
    madeInstruments.withLock { $0[key] = made }
    return made
  }

  private struct InstrumentKey: Hashable {
    let route: String
    let method: String
    let status: Int
  }

  /// The metrics in Prometheus's text format, with the store's figures read now.
  package func scrape() -> [UInt8] {
    let figures = store.statistics
    let engine = [("engine", figures.engine)]
    for (cache, tally) in figures.caches {
      for (result, count) in [("hit", tally.hits), ("miss", tally.misses)] {
        report(count, as: "cache_lookups", "Cache lookups, by cache and whether they were answered from it.",
               labels: [("cache", cache), ("result", result)])
      }
    }
    for (outcome, count) in figures.replicaReads {
      report(count, as: "db_replica_reads", "Reads a streaming replica could take: taken (replica), or left to the primary (lagging, unavailable).",
             labels: [("outcome", outcome)])
    }
    if let pool = figures.pool {
      for (name, unit, value, help) in [
        ("db_pool", "connections", pool.size, "Connections the database pool may open."),
        ("db_pool_in_use", "connections", pool.inUse, "Pooled connections held by a request now."),
        ("db_pool_waiting", "requests", pool.waiting, "Requests waiting for a pooled connection now."),
      ] {
        let descriptor = MetricNameDescriptor(namespace: "sparrow", metricName: name, unitName: unit, helpText: help)
        registry.makeGauge(descriptor: descriptor, labels: engine).set(to: Double(value))
      }
    }
    registry.makeGauge(
      descriptor: MetricNameDescriptor(
        namespace: "sparrow", metricName: "db_unavailable", unitName: "", helpText: "1 while the database cannot be reached."),
      labels: engine
    ).set(to: figures.unavailable ? 1 : 0)
    return registry.emitToBuffer()
  }

  /// Brings the Prometheus counter `name` up to `count`, a running total the store keeps.
  private func report(_ count: Int, as name: String, _ help: String, labels: [(String, String)]) {
    let key = name + labels.map { "/" + $0.1 }.joined()
    let delta = reported.withLock { reported in
      defer { reported[key] = count }
      return count - (reported[key] ?? 0)
    }
    registry.makeCounter(
      descriptor: MetricNameDescriptor(namespace: "sparrow", metricName: name, unitName: "total", helpText: help),
      labels: labels
    ).increment(by: Int64(delta))
  }
}

/// The route a request matched, as its pattern: set where it is known (the router's middleware, an API's
/// dispatcher) and read when the response is done.
package final class RouteLabel: @unchecked Sendable {
  private let lock = NSLock()
  private var value: String?

  package init() {}

  package var route: String? {
    get { lock.withLock { value } }
    set { lock.withLock { value = newValue } }
  }
}

/// Names the route for the request's log line and metrics: the router's pattern (`/status/{id}`).
struct RouteLabelMiddleware: RouterMiddleware {
  func handle(_ request: Request, context: SparrowContext, next: (Request, SparrowContext) async throws -> Response)
    async throws -> Response
  {
    if context.route.route == nil { context.route.route = context.endpointPath }
    return try await next(request, context)
  }
}

/// The whole server's responder: the router's, observed (every request, a 404 or a thrown error too, is
/// logged and counted when its response is ready), with the request id on the response, the client's address
/// found behind trusted proxies, and `HEAD` answered for every page as its `GET` is, without the body.
package struct ObservedResponder<Inner: HTTPResponder>: HTTPResponder where Inner.Context == SparrowContext {
  let inner: Inner
  let observability: Observability
  /// Where requests run, when the engine has threads whose reads run in place (the embedded engine's
  /// `ReadThreads`); nil for Swift's default.
  let executor: (any TaskExecutor)?

  package init(_ inner: Inner, observability: Observability, executor: (any TaskExecutor)? = nil) {
    self.inner = inner
    self.observability = observability
    self.executor = executor
  }

  package func respond(to request: Request, context: SparrowContext) async throws -> Response {
    let start = ContinuousClock.now
    var context = context
    context.clientAddress = ForwardedFor.client(
      peer: context.clientAddress, header: request.headers[.xForwardedFor], trusted: observability.trustedProxies)
    let observability = self.observability
    let (id, peer, route) = (context.id, context.clientAddress, context.route)
    var response: Response
    do {
      response = try await withTaskExecutorPreference(executor) {
        try await RequestStart.$instant.withValue(start) { try await respondWithHead(request, context) }
      }
    } catch {
      let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
      observability.finished(request, route: route.route ?? "unmatched", status: status, elapsed: .now - start,
                             id: id, peer: peer)
      throw error
    }
    response.headers[.requestID] = id
    observability.finished(request, route: route.route ?? "unmatched", status: response.status, elapsed: .now - start,
                           id: id, peer: peer)
    return response
  }

  /// A `HEAD` no route takes is answered as a `GET` would be, headers only (RFC 9110 §9.3.2).
  private func respondWithHead(_ request: Request, _ context: SparrowContext) async throws -> Response {
    guard request.method == .head else { return try await inner.respond(to: request, context: context) }
    do {
      let response = try await inner.respond(to: request, context: context)
      if response.status != .notFound { return response }
    } catch let error as HTTPError where error.status == .notFound {}
    var head = request.head
    head.method = .get
    var response = try await inner.respond(to: Request(head: head, body: request.body), context: context)
    let length = response.body.contentLength
    response.body = ResponseBody()
    if let length, response.headers[.contentLength] == nil { response.headers[.contentLength] = String(length) }
    return response
  }
}

extension HTTPField.Name {
  static var requestID: Self { Self("X-Request-Id")! }
  static var xForwardedFor: Self { Self("X-Forwarded-For")! }
}
