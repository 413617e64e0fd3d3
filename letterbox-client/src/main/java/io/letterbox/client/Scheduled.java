package io.letterbox.client;

import java.time.Instant;

/** What scheduling a message answers: the schedule's id (to list or cancel it) and its time. */
public record Scheduled(long scheduled, Instant sendAt) {}
