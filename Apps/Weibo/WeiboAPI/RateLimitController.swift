import Foundation
import SparrowCore
import SparrowPlatform

/// `account/rate_limit_status`: where the caller stands on this hour's limits (not itself counted).
struct RateLimitController {
  let rates: RateLimiter

  func register(_ table: inout APITable) {
    table.add(.get, path: "account/rate_limit_status", counted: false) { call in
      let app = call.caller.app?.id ?? 0
      let standing = rates.standing(user: call.caller.userID, app: app)
      let limits = rates.limits
      let reset = standing?.reset ?? 3600 - Int(call.now.timeIntervalSince1970) % 3600
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = WeiboDate.zone
      let resetAt = call.now.addingTimeInterval(Double(reset))
      let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: resetAt)
      let resetTime = String(
        format: "%04d-%02d-%02d %02d:%02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
      let apis = limits.perAPI.keys.sorted().compactMap { api in
        rates.remaining(user: call.caller.userID, api: api).map {
          RateLimitStatus.APILimit(api: api, limit: $0.limit, limitTimeUnit: "HOURS", remainingHits: $0.remaining)
        }
      }
      return try json(RateLimitStatus(
        ipLimit: limits.perAddress, limitTimeUnit: "HOURS", remainingIpHits: rates.remaining(address: call.address),
        remainingUserHits: standing?.remaining ?? limits.perUser, resetTime: resetTime, resetTimeInSeconds: reset,
        userLimit: limits.perUser, apiRateLimits: apis))
    }
  }
}
