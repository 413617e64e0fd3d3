/**
 * Offline push (API.md, "Moderation and platform hooks"; decision 0043): a consumer of the owner
 * feed that, when a message reaches an owner with no open stream, POSTs a signed notice to
 * {@code push-url} with Vert.x's web client, at most one per owner per {@code push-coalesce};
 * broadcasts that asked for it are pushed to their receivers at {@code push-broadcast-rate} (a
 * Bucket4j token bucket), group posts to their members. What it reads of the owners (presence, mutes, the badge) comes from
 * the engine's {@link io.letterbox.engine.PushReads}, on the node hosting them.
 */
package io.letterbox.server.push;
