package io.letterbox.model;

import java.time.Instant;

/** A member of a group, with its role and when it joined. */
public record GroupMember(long uid, GroupRole role, Instant joinedAt) {}
