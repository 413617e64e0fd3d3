-- Shared by every Letterbox wrk script (HttpScenario writes this file, then the operation's
-- script, into one file). Settings come from the environment the bench gives wrk:
--   LB_BASE   first seeded uid        LB_USERS  seeded users (uids LB_BASE .. LB_BASE+LB_USERS-1)
--   LB_PEERS  each user u wrote to u+1 .. u+LB_PEERS (mod LB_USERS)
--   LB_RUN    a tag unique to this run (idempotency keys)
--   LB_DELAY_MS  when > 0: each connection waits this long (mean) before each request (paced runs)
--   LB_KEY    the server's API key, if any
--   LB_SEED   seed of the random choices (each thread adds its id)
--   LB_TEXTS  a file of message texts, one JSON string literal a line (WrkScripts.writeTexts)
--   LB_TOKENS a file of user tokens, line i for seeded user i (WrkScripts.writeTokens): when set,
--             each request acts as its user with that user's token instead of LB_KEY
local base = tonumber(os.getenv("LB_BASE"))
local users = tonumber(os.getenv("LB_USERS"))
local peers = tonumber(os.getenv("LB_PEERS") or "1")
local run = os.getenv("LB_RUN") or "run"
local pace = tonumber(os.getenv("LB_DELAY_MS") or "0")
local key = os.getenv("LB_KEY")
local seed = tonumber(os.getenv("LB_SEED") or "42")
if base == nil or users == nil or users < 2 then
  error("LB_BASE and LB_USERS (>= 2) must be set")
end

-- The lines of the file the environment variable names, read once per Lua state (one a wrk
-- thread); none when it is unset.
local function linesOf(variable)
  local lines = {}
  local file = os.getenv(variable)
  if file ~= nil and file ~= "" then
    for line in io.lines(file) do
      lines[#lines + 1] = line
    end
  end
  return lines
end

-- The texts the scripts that send draw from, and the users' tokens.
local texts = linesOf("LB_TEXTS")
local tokens = linesOf("LB_TOKENS")

-- A random text as a JSON string literal, quotes included.
function anyText()
  if #texts == 0 then
    error("LB_TEXTS must name a file of texts")
  end
  return texts[math.random(1, #texts)]
end

local threads = {}
function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

local counter = 0
-- Globals, so that done() can read each thread's through thread:get.
failures = 0
statuses = {}
function init(args)
  math.randomseed(seed * 7919 + id)
end

-- The headers of a request that seeded user i (0-based) makes: its token, or the API key, and
-- Content-Type for a request with a body. wrk.format takes these instead of wrk.headers.
function headersOf(i, withBody)
  local h = {}
  if #tokens > 0 then
    h["Authorization"] = "Bearer " .. tokens[i + 1]
  elseif key ~= nil and key ~= "" then
    h["Authorization"] = "Bearer " .. key
  end
  if withBody then
    h["Content-Type"] = "application/json"
  end
  return h
end

-- The uid of seeded user i (0-based) and a random seeded user.
function uid(i) return base + i end
function anyUser() return math.random(0, users - 1) end
-- A seeded conversation: user u and one of the peers it wrote to.
function anyPair()
  local u = anyUser()
  return u, (u + math.random(1, peers)) % users
end
-- A key no other request of this run uses: the thread's id and its own counter.
function nextKey()
  counter = counter + 1
  return run .. "-" .. id .. "-" .. counter
end

-- Every answer that is not 2xx is a failure; counted by status.
function response(status, headers, body)
  if status < 200 or status > 299 then
    failures = failures + 1
    statuses[status] = (statuses[status] or 0) + 1
  end
end

-- Paced runs: each connection waits an exponentially distributed time of mean LB_DELAY_MS before
-- each request, as an independent user would, so that the connections' requests arrive spread
-- out (about a Poisson stream at the offered rate). A constant delay keeps the connections in
-- the step they started in: all of them at once, every cycle, a burst at the server's top rate.
-- wrk takes whole milliseconds: a fractional delay is dithered between floor and floor + 1.
if pace > 0 then
  function delay()
    local wait = -pace * math.log(1 - math.random())
    local whole = math.floor(wait)
    if math.random() < wait - whole then
      return whole + 1
    end
    return whole
  end
end

-- One JSON line for the bench: counts, errors (socket errors and non-2xx by status), latency in us.
function done(summary, latency, requests)
  local non2xx = 0
  local byStatus = {}
  for _, t in ipairs(threads) do
    non2xx = non2xx + t:get("failures")
    for status, n in pairs(t:get("statuses")) do
      byStatus[#byStatus + 1] = string.format('"%d":%d', status, n)
    end
  end
  local e = summary.errors
  io.write(string.format('{"requests":%d,"durationUs":%d,"connectErrors":%d,"readErrors":%d,'
    .. '"writeErrors":%d,"timeouts":%d,"non2xx":%d,"statuses":{%s},"p50Us":%d,"p90Us":%d,'
    .. '"p99Us":%d,"maxUs":%d,"meanUs":%.1f}\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.timeout, non2xx,
    table.concat(byStatus, ","), latency:percentile(50), latency:percentile(90), latency:percentile(99),
    latency.max, latency.mean))
end
