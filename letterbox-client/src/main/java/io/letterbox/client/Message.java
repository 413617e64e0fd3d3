package io.letterbox.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;

/**
 * A message as the API answers it. {@code to} only on one-to-one messages, {@code group} only on a
 * group's; {@code payload}, {@code attachments} and {@code mentions} null when absent.
 *
 * @param kind single, broadcast or group
 * @param status normal, recalled or removed
 */
public record Message(long id, String kind, long from, Long to, Long group, String type, String text,
    JsonNode payload, List<Attachment> attachments, List<Long> mentions, String status, Instant editedAt,
    Instant createdAt) {}
