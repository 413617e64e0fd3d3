package io.letterbox.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;

/**
 * A broadcast and the progress of its fan-out.
 *
 * @param status queued, running, done, failed or recalled
 * @param capped receivers left out by the sender's frequency cap
 * @param reactions its receivers' reactions, counted; null for none
 */
public record Broadcast(long id, long from, String type, String text, JsonNode payload, List<Attachment> attachments,
    String status, Integer receivers, Integer capped, Instant createdAt, Instant completedAt,
    List<Message.Reaction> reactions) {}
