-- A seeded user's unread summary on the pc device.
function request()
  return wrk.format("GET", string.format("/v1/users/%d/unread?device=pc", uid(anyUser())))
end
