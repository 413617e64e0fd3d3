package io.letterbox.client;

import java.time.Instant;

/** @param role member, admin or owner */
public record GroupMember(long uid, String role, Instant joinedAt) {}
