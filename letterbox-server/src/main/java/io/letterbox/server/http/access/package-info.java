/**
 * Who a request acts as and what it may do: {@link io.letterbox.server.http.access.Authentication}
 * (service keys, user tokens, revocations), {@link io.letterbox.server.http.access.UserAccess}
 * (a user token acts only as its user), {@link io.letterbox.server.http.access.UserLimits} (per-user
 * rates and counts, decision 0021), {@link io.letterbox.server.http.access.ConnectionLimit}
 * (connections at once) and {@link io.letterbox.server.http.access.LoopbackPages} (web pages of
 * other sites kept off a server without keys). Uses {@code auth} for credentials, Bucket4j and
 * Caffeine for limits, and {@code errors} to refuse; knows no route's meaning.
 */
package io.letterbox.server.http.access;
