/**
 * Consumers of the owner feed (decision 0040): webhooks, a change stream, offline push. Each is a
 * {@link io.letterbox.engine.follow.FeedConsumer} with a durable position per partition;
 * {@link io.letterbox.engine.follow.FeedFollowers} follows every partition this node hosts for
 * each of them, behind the writers, from the durable journals ({@link
 * io.letterbox.engine.follow.JournalFeed}), and resumes at a partition's new owner from the stored
 * position. Uses {@code partition} (the journals), {@code feed} (events as sync renders them) and
 * {@code apply} (the actions, and {@link io.letterbox.engine.follow.FeedOwners}, a derivation).
 */
package io.letterbox.engine.follow;
