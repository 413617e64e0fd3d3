package io.letterbox.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;

/**
 * A sender's scheduled message or group post.
 *
 * @param to       the receiver of a one-to-one message; 0 for a group post
 * @param status   pending, or failed: refused when it came due
 * @param error  for a failed one, the error code that refused it (BLOCKED, FREQUENCY_CAPPED, REJECTED…); else null
 * @param group    the group of a post; 0 for a one-to-one message
 * @param mentions the members a post mentions; null for a one-to-one message
 */
public record ScheduledMessage(long id, long to, Instant sendAt, String type, String text, JsonNode payload,
    List<Attachment> attachments, String idempotencyKey, String status, String error, long group,
    List<Long> mentions) {}
