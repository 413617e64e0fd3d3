/**
 * The HTTP API on Vert.x Web, assembled: {@link io.letterbox.server.http.HttpApi} builds the router
 * (the handlers every request passes, then every route, behind one error mapping),
 * {@link io.letterbox.server.http.Routes} registers a route with what it needs in order
 * (metrics tag, authentication, limits, body, forwarding, access), and
 * {@link io.letterbox.server.http.EngineCalls} runs engine calls off the event loop. The
 * sub-packages hold the parts: {@code routes} (one class per area of the API), {@code access}
 * (who may do what, how much), {@code requests} (reading requests and bodies within budgets),
 * {@code errors} (answers and the one error mapping), {@code forwarding} (calls between the
 * members of a cluster) and {@code json} (the wire format).
 */
package io.letterbox.server.http;
