package io.letterbox.engine;

import io.letterbox.model.Conversation;
import io.letterbox.model.FrequencyCap;
import io.letterbox.model.ImportedMessage;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import io.letterbox.model.SendRequest;
import io.letterbox.model.SendResult;
import io.letterbox.model.UnreadSummary;
import io.letterbox.store.KeyValueStore;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The engine's facade, usable as a plain Java library. Mutations return futures that complete
 * once the change is durable; reads answer directly. Every refusal is a
 * {@link LetterboxException} (thrown, or completing the future) and changes nothing.
 */
public final class Letterbox implements AutoCloseable {

  public static Letterbox open(KeyValueStore store, LetterboxConfig config) {
    throw new UnsupportedOperationException("engine under construction");
  }

  public LetterboxConfig config() { throw new UnsupportedOperationException(); }

  /** Sends a one-to-one message. */
  public CompletableFuture<SendResult> send(SendRequest request) { throw new UnsupportedOperationException(); }

  /** @return the message {@code owner} can see, if any. */
  public Optional<Message> message(long owner, long id) { throw new UnsupportedOperationException(); }

  /** The messages between {@code owner} and {@code peer}, newest first. */
  public Page<Message> history(long owner, long peer, String cursor, int limit) { throw new UnsupportedOperationException(); }

  /** The owner's conversations, latest activity first. */
  public Page<Conversation> conversations(long owner, String cursor, int limit) { throw new UnsupportedOperationException(); }

  /** Marks the conversation read on {@code device} up to {@code upTo} (null: everything so far). */
  public CompletableFuture<Void> markRead(long owner, long peer, String device, Long upTo) { throw new UnsupportedOperationException(); }

  /** Exact unread counts of the owner on {@code device}, without scanning history. */
  public UnreadSummary unread(long owner, String device) { throw new UnsupportedOperationException(); }

  /** Deletes one message from the owner's view; NOT_FOUND if the owner cannot see it. */
  public CompletableFuture<Void> deleteMessage(long owner, long id) { throw new UnsupportedOperationException(); }

  /** Empties one conversation of the owner. */
  public CompletableFuture<Void> deleteConversation(long owner, long peer) { throw new UnsupportedOperationException(); }

  /** Empties every conversation of the owner. */
  public CompletableFuture<Void> deleteAll(long owner) { throw new UnsupportedOperationException(); }

  /** Stores history from an older system with its original times. @return the ids, in order. */
  public CompletableFuture<List<Long>> importMessages(List<ImportedMessage> messages) { throw new UnsupportedOperationException(); }

  /** Sets the sender's frequency cap. */
  public CompletableFuture<Void> setCap(long sender, FrequencyCap cap) { throw new UnsupportedOperationException(); }

  /** @return the cap in force for {@code sender}: its own, else the configured default. */
  public Optional<FrequencyCap> cap(long sender) { throw new UnsupportedOperationException(); }

  @Override
  public void close() { throw new UnsupportedOperationException(); }
}
