package io.letterbox.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;

/**
 * A sender's scheduled message.
 *
 * @param status pending, or failed: refused when it came due
 * @param error  for a failed one, the error code that refused it (BLOCKED, FREQUENCY_CAPPED, REJECTED…); else null
 */
public record ScheduledMessage(long id, long to, Instant sendAt, String type, String text, JsonNode payload,
    List<Attachment> attachments, String idempotencyKey, String status, String error) {}
