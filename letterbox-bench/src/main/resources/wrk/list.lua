-- The first page of 20 of a seeded user's conversation list.
function request()
  return wrk.format("GET", string.format("/v1/users/%d/conversations?limit=20", uid(anyUser())))
end
