/**
 * The routes of the API, one class per area (messages, conversations, groups, broadcasts, blobs,
 * events, search, relations, caps, a user's settings, operations, backups, the web inbox,
 * revocations, a cluster's internal calls), each registering its paths on {@link io.letterbox.server.http.Routes}
 * and answering from the engine through {@link io.letterbox.server.http.EngineCalls};
 * {@link io.letterbox.server.http.routes.Params} checks path and query parameters. A route reads
 * its body with {@code json} and answers with {@code errors}' {@code Replies}; it does not check
 * credentials or limits itself ({@code access} does, before it runs).
 */
package io.letterbox.server.http.routes;
