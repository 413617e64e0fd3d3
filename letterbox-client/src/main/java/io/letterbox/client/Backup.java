package io.letterbox.client;

import java.time.Instant;

/**
 * An online backup of the embedded store.
 *
 * @param id        its number: what {@code letterbox restore --id} takes
 * @param status    {@code running}, {@code done} or {@code failed}
 * @param createdAt when it was asked for: every write acknowledged before is in it
 * @param bytes     what it added to the backup directory (0 until done)
 * @param upTo      the largest action id in the log when it started; null for an empty log
 */
public record Backup(long id, String status, Instant createdAt, long bytes, Long upTo) {}
