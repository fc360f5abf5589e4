/// When the request being answered arrived, set by the server around each request. A read through the caches needs
/// them to hold every write answered before that moment (PostgreSQL's `CacheChannel`), so one check of that, begun
/// since then by any request, serves every later read of this one: a web page read through the caches three to
/// five times, each a round trip to the database. Unset (tools, tests, background work), every read checks.
package enum RequestStart {
  @TaskLocal package static var instant: ContinuousClock.Instant?
}
