package io.letterbox.engine.follow;

import java.time.Instant;

/**
 * A consumer's progress on this node's partitions (decision 0040): {@code lagEvents} not yet
 * delivered; {@code deliveredUpTo}, the earliest time up to which every partition's events were
 * delivered (null before anything is known); whether deliveries fail now, and the last failure;
 * journal entries skipped because they had passed the feed's retention.
 */
public record FollowStatus(long lagEvents, Instant deliveredUpTo, boolean failing, String lastError,
    long skippedEntries) {}
