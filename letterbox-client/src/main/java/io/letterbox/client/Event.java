package io.letterbox.client;

/**
 * One change of a user's conversations, from its change feed; {@code type} and {@code position}
 * always, the other fields by type (API.md "Live events and sync").
 *
 * @param type message, recalled, edited, reaction, read, deleted, conversation, group or typing (by: who is typing)
 * @param position resumes right after this event
 */
public record Event(String type, String position, Long peer, Long group, Long id, Message message, Long by,
    String device, Long upTo, String scope, Boolean pinned, Boolean muted, Boolean archived) {}
