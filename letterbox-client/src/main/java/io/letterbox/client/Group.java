package io.letterbox.client;

import java.time.Instant;

/**
 * A group.
 *
 * @param members how many
 * @param newMembersSee fromJoin or all
 */
public record Group(long id, String name, long owner, int members, String newMembersSee, Instant createdAt) {}
