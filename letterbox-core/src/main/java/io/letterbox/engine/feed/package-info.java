/**
 * The change feed and live events (decision 0010): {@link io.letterbox.engine.feed.FeedEntry}, an
 * event the appliers placed in an owner's feed; {@link io.letterbox.engine.feed.FeedPosition}, a
 * client's place in it; {@link io.letterbox.engine.feed.FeedReader}, which reads an owner's events
 * after a position (the stored feed, broadcasts and group posts, revisions) for sync and for a
 * stream's catch-up; {@link io.letterbox.engine.feed.EventStreams}, the live streams of the owners
 * a node hosts, handed each durable batch's events and each published broadcast, group post or
 * group recall in memory (by {@code derive.LiveEvents}, and by the node's upkeep on notices from
 * other nodes). Uses {@code read}, {@code partition}'s journals, {@code apply}'s day of a time,
 * {@code keys}, {@code rows},
 * {@code model} and the storage SPI's read half.
 */
package io.letterbox.engine.feed;
