-- The newest page of 20 of a seeded conversation, from either side.
function request()
  local u, p = anyPair()
  if math.random() < 0.5 then
    u, p = p, u
  end
  return wrk.format("GET", string.format("/v1/users/%d/conversations/%d/messages?limit=20", uid(u), uid(p)), headersOf(u))
end
