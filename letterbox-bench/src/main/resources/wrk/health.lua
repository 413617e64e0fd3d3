-- The ceiling: GET /health, answered on the server's event loop without calling the engine, so its
-- rate is what HTTP alone (parsing, routing, metrics, a small JSON answer) costs beside wrk.
function request()
  return wrk.format("GET", "/health")
end
