-- A seeded user's unread summary on the pc device.
function request()
  local u = anyUser()
  return wrk.format("GET", string.format("/v1/users/%d/unread?device=pc", uid(u)), headersOf(u))
end
