-- Mixed reads and writes for `make soak`: mostly home timelines, some posts and comments, each post unique.
-- TOKEN and STATUS (a status to comment on) come from the environment.
local token = os.getenv("TOKEN")
local status = os.getenv("STATUS")
local threads = {}
local counter = 0

-- Runs in the main state: each thread gets its number as the global `thread_number` (a global, so the
-- thread's own copy of this script sees it).
function setup(thread)
  table.insert(threads, thread)
  thread:set("thread_number", #threads)
end

function init(args)
  statuses = {}
end

request = function()
  counter = counter + 1
  local auth = { ["Authorization"] = "OAuth2 " .. token, ["Content-Type"] = "application/x-www-form-urlencoded" }
  local roll = counter % 10
  if roll == 0 then
    return wrk.format("POST", "/2/statuses/update.json", auth, "status=soak+" .. thread_number .. "-" .. counter)
  elseif roll == 5 then
    return wrk.format("POST", "/2/comments/create.json", auth, "id=" .. status .. "&comment=soak+" .. thread_number .. "-" .. counter)
  elseif roll == 3 then
    return wrk.format("GET", "/2/statuses/mentions.json", auth)
  end
  return wrk.format("GET", "/2/statuses/home_timeline.json", auth)
end

response = function(code, headers, body)
  statuses[code] = (statuses[code] or 0) + 1
end

done = function(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    for code, n in pairs(thread:get("statuses")) do total[code] = (total[code] or 0) + n end
  end
  io.write(string.format("requests %d in %.0f s, %d socket errors\n", summary.requests, summary.duration / 1e6,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
  for code, n in pairs(total) do io.write(string.format("  HTTP %d: %d\n", code, n)) end
  io.write(string.format("p50 %.2f ms, p99 %.2f ms\n", latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
