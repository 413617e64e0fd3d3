-- The first page of 20 of a seeded user's conversation list.
function request()
  local u = anyUser()
  return wrk.format("GET", string.format("/v1/users/%d/conversations?limit=20", uid(u)), headersOf(u))
end
