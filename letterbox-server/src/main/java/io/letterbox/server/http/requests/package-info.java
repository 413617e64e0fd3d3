/**
 * What is read of a request before its route runs: its path and query syntax
 * ({@link io.letterbox.server.http.requests.RequestSyntax}), its body's framing and time to arrive
 * ({@link io.letterbox.server.http.requests.RequestFraming}), and its body, read whole within the
 * memory shared by all requests ({@link io.letterbox.server.http.requests.BodyReader},
 * {@link io.letterbox.server.http.requests.BodyBudget}, {@link
 * io.letterbox.server.http.requests.ByteBudget}; decisions 0014 and 0020). Uses {@code errors} to
 * refuse and the principal {@code access} set; no engine calls.
 */
package io.letterbox.server.http.requests;
