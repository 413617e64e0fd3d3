package io.letterbox.engine;

import io.letterbox.id.IdGenerator;
import io.letterbox.id.Ids;
import io.letterbox.keys.LogKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.log.Action;
import io.letterbox.model.Conversation;
import io.letterbox.model.FrequencyCap;
import io.letterbox.model.ImportedMessage;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import io.letterbox.model.SendRequest;
import io.letterbox.model.SendResult;
import io.letterbox.model.UnreadSummary;
import io.letterbox.store.KeyRange;
import io.letterbox.store.KeyValue;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.Space;
import io.letterbox.store.WriteBatch;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The engine's facade, usable as a plain Java library. Mutations return futures that complete
 * once the change is durable; reads answer directly. Every refusal is a
 * {@link LetterboxException} (thrown, or completing the future) and changes nothing.
 *
 * <p>The store must have been opened with {@link #SPACES}; the caller closes it after the engine.
 */
public final class Letterbox implements AutoCloseable {
  /** The key spaces a store must be opened with. */
  public static final List<Space> SPACES = Spaces.ALL;

  private static final int QUEUE_CAPACITY = 65_536;

  private final LetterboxConfig config;
  private final StateReader state;
  private final HistoryReader history;
  private final ConversationLister conversations;
  private final UnreadCounter unread;
  private final Sequencer sequencer;

  private Letterbox(KeyValueStore store, LetterboxConfig config) {
    this.config = config;
    Replayer.recover(store, config);
    this.state = new StateReader(store, config);
    Cursors cursors = new Cursors(secret(store));
    this.history = new HistoryReader(state, cursors);
    this.unread = new UnreadCounter(state, config);
    this.conversations = new ConversationLister(state, cursors, unread, config.cachedOwners());
    IdGenerator ids = new IdGenerator(config.clock(), config.node(), largestLoggedId(store));
    this.sequencer = new Sequencer(store, new EngineContext(state, ids, config),
        new Applier(state, false), QUEUE_CAPACITY, this::afterVisible);
  }

  public static Letterbox open(KeyValueStore store, LetterboxConfig config) {
    return new Letterbox(store, config);
  }

  public LetterboxConfig config() {
    return config;
  }

  /** Sends a one-to-one message. */
  public CompletableFuture<SendResult> send(SendRequest request) {
    Validate.uid("from", request.from());
    Validate.uid("to", request.to());
    Validate.distinct("from", request.from(), "to", request.to());
    Validate.text(request.text(), config.maxTextLength());
    Validate.idempotencyKey(request.idempotencyKey());
    return sequencer.submit(new SendCommand(request, state.cap(request.from()).isPresent()));
  }

  /** @return the message if {@code owner} can see it. */
  public Optional<Message> message(long owner, long id) {
    Validate.uid("uid", owner);
    Validate.messageId(id);
    Message m = state.message(id);
    if (m == null || (m.from() != owner && m.to() != owner)) {
      return Optional.empty();
    }
    return state.visible(owner, m.peerOf(owner), id) ? Optional.of(m) : Optional.empty();
  }

  /**
   * The messages between {@code owner} and {@code peer} that the owner can see, newest first.
   *
   * @param cursor null for the first page, else the {@code next} of the previous page
   */
  public Page<Message> history(long owner, long peer, String cursor, int limit) {
    Validate.uid("uid", owner);
    Validate.uid("peer", peer);
    Validate.distinct("uid", owner, "peer", peer);
    Validate.limit(limit);
    return history.page(owner, peer, cursor, limit);
  }

  /** The owner's conversations, latest activity first, with unread counts per device. */
  public Page<Conversation> conversations(long owner, String cursor, int limit) {
    Validate.uid("uid", owner);
    Validate.limit(limit);
    return conversations.page(owner, cursor, limit);
  }

  /** Marks the conversation read on {@code device} up to {@code upTo} (null: everything so far). */
  public CompletableFuture<Void> markRead(long owner, long peer, String device, Long upTo) {
    Validate.uid("uid", owner);
    Validate.uid("peer", peer);
    Validate.distinct("uid", owner, "peer", peer);
    Validate.device(device, config.devices());
    if (upTo != null) {
      Validate.messageId(upTo);
    }
    return sequencer.submit(new MarkReadCommand(owner, peer, device, upTo));
  }

  /** Exact unread counts of the owner on {@code device}, without scanning history. */
  public UnreadSummary unread(long owner, String device) {
    Validate.uid("uid", owner);
    Validate.device(device, config.devices());
    return unread.summary(owner, device);
  }

  /** Deletes one message from the owner's view; NOT_FOUND if the owner cannot see it. */
  public CompletableFuture<Void> deleteMessage(long owner, long id) {
    Validate.uid("uid", owner);
    Validate.messageId(id);
    Message m = state.message(id);
    if (m == null || (m.from() != owner && m.to() != owner)) {
      return CompletableFuture.failedFuture(LetterboxException.notFound("user %d has no message %d", owner, id));
    }
    return sequencer.submit(new DeleteMessageCommand(owner, m.peerOf(owner), id));
  }

  /** Empties one conversation of the owner; the peer keeps its copy. */
  public CompletableFuture<Void> deleteConversation(long owner, long peer) {
    Validate.uid("uid", owner);
    Validate.uid("peer", peer);
    Validate.distinct("uid", owner, "peer", peer);
    return sequencer.submit(new DeleteConversationCommand(owner, peer));
  }

  /** Empties every conversation of the owner. */
  public CompletableFuture<Void> deleteAll(long owner) {
    Validate.uid("uid", owner);
    return sequencer.submit(new DeleteAllCommand(owner));
  }

  /** Stores history from an older system with its original times. @return the ids, in order. */
  public CompletableFuture<List<Long>> importMessages(List<ImportedMessage> messages) {
    if (messages == null || messages.isEmpty()) {
      throw LetterboxException.invalid("messages must not be empty");
    }
    if (messages.size() > config.maxImportBatch()) {
      throw LetterboxException.invalid("at most %d messages per import: %d", config.maxImportBatch(), messages.size());
    }
    Instant now = config.clock().instant();
    for (int i = 0; i < messages.size(); i++) {
      ImportedMessage m = messages.get(i);
      if (m == null) {
        throw LetterboxException.invalid("messages[%d] must not be null", i);
      }
      Validate.uid("messages[" + i + "].from", m.from());
      Validate.uid("messages[" + i + "].to", m.to());
      Validate.distinct("messages[" + i + "].from", m.from(), "to", m.to());
      Validate.text(m.text(), config.maxTextLength());
      if (m.createdAt() == null || m.createdAt().isAfter(now)
          || m.createdAt().toEpochMilli() < Ids.EPOCH) {
        throw LetterboxException.invalid("messages[%d].createdAt must be between %s and now: %s",
            i, Instant.ofEpochMilli(Ids.EPOCH), m.createdAt());
      }
    }
    return sequencer.submit(new ImportCommand(List.copyOf(messages)));
  }

  /** Sets the sender's frequency cap. */
  public CompletableFuture<Void> setCap(long sender, FrequencyCap cap) {
    Validate.uid("sender", sender);
    if (cap == null) {
      throw LetterboxException.invalid("cap must not be null");
    }
    return sequencer.submit(new SetCapCommand(sender, cap));
  }

  /** @return the cap in force for {@code sender}: its own, else the configured default. */
  public Optional<FrequencyCap> cap(long sender) {
    Validate.uid("sender", sender);
    return state.cap(sender);
  }

  /** Finishes the writes already accepted, then stops. Does not close the store. */
  @Override
  public void close() {
    sequencer.close();
  }

  private void afterVisible(Decision.Logged logged) {
    Action a = logged.action();
    if (a instanceof Action.Sent s) {
      state.remember(new Message(s.id(), Message.Kind.SINGLE, s.from(), s.to(), s.text()));
      conversations.advance(s.from(), s.to(), s.id());
      conversations.advance(s.to(), s.from(), s.id());
    } else if (a instanceof Action.Imported imported) {
      for (Action.Imported.Entry i : imported.messages()) {
        conversations.advance(i.from(), i.to(), i.id());
        conversations.advance(i.to(), i.from(), i.id());
      }
    } else if (a instanceof Action.MessageDeleted d) {
      conversations.forget(d.owner());
    } else if (a instanceof Action.ConversationDeleted d) {
      conversations.forget(d.owner());
    } else if (a instanceof Action.AllDeleted d) {
      conversations.forget(d.owner());
    } else if (a instanceof Action.CapSet c) {
      state.forgetCap(c.sender());
    }
  }

  /** Ids only grow: a restarted node starts above everything it logged. */
  private static long largestLoggedId(KeyValueStore store) {
    List<KeyValue> last = store.scan(Spaces.LOG, new KeyRange(new byte[0], null), true, 1);
    return last.isEmpty() ? 0 : LogKey.id(last.get(0).key());
  }

  /** The key that signs cursors, made once per deployment and kept in the store. */
  private static byte[] secret(KeyValueStore store) {
    byte[] key = StateKey.meta("cursor-secret");
    byte[] secret = store.get(Spaces.STATE, key);
    if (secret == null) {
      secret = new byte[32];
      new SecureRandom().nextBytes(secret);
      WriteBatch batch = store.newBatch().put(Spaces.STATE, key, secret);
      store.write(batch).join();
    }
    return secret;
  }
}
