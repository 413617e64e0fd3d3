package io.letterbox.client;

/**
 * One line of a user's export: exactly one of its fields is set, a conversation as the list shows
 * it or a message the user can see as a read by id gives it.
 */
public record ExportLine(Conversation conversation, Message message) {}
