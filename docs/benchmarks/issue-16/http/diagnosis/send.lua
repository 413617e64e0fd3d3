local counter = 0
local tid = 0
setup = function(thread) tid = tid + 1; thread:set("tid", tid) end
request = function()
  counter = counter + 1
  local a = math.random(1, 10000)
  local b = a % 10000 + 1
  local body = '{"from":"' .. a .. '","to":"' .. b .. '","text":"hello there, a message of ordinary length ' .. counter .. '","idempotencyKey":"k' .. tostring(tid) .. '-' .. counter .. '"}'
  return wrk.format("POST", "/v1/messages", {["Content-Type"]="application/json"}, body)
end
