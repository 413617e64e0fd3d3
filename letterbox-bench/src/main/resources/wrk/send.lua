-- POST /v1/messages between two distinct random seeded users, a new idempotency key each time,
-- one of the texts of LB_TEXTS.
function request()
  local from = anyUser()
  local to = (from + math.random(1, users - 1)) % users
  local body = string.format('{"from":"%d","to":"%d","text":%s,"idempotencyKey":"%s"}',
    uid(from), uid(to), anyText(), nextKey())
  return wrk.format("POST", "/v1/messages", headersOf(from, true), body)
end
