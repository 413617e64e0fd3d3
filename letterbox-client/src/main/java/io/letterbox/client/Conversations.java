package io.letterbox.client;

import static io.letterbox.client.internal.Route.DELETE_CONVERSATION;
import static io.letterbox.client.internal.Route.EXPORT_USER;
import static io.letterbox.client.internal.Route.GET_CONVERSATION;
import static io.letterbox.client.internal.Route.GET_UNREAD;
import static io.letterbox.client.internal.Route.LIST_CONVERSATIONS;
import static io.letterbox.client.internal.Route.LIST_PINS;
import static io.letterbox.client.internal.Route.MARK_READ;
import static io.letterbox.client.internal.Route.PIN_MESSAGE;
import static io.letterbox.client.internal.Route.SET_DRAFT;
import static io.letterbox.client.internal.Route.UNPIN_MESSAGE;
import static io.letterbox.client.internal.Route.PRESENCE;
import static io.letterbox.client.internal.Route.TYPING;
import static io.letterbox.client.internal.Route.SET_CONVERSATION_STATE;

import com.fasterxml.jackson.core.type.TypeReference;
import io.letterbox.client.internal.Decoder;
import io.letterbox.client.internal.Maps;
import io.letterbox.client.internal.Spec;
import io.letterbox.client.internal.Json;
import io.letterbox.client.internal.Transport;
import java.io.InputStream;
import java.util.function.Consumer;

/** An owner's conversation list, one conversation, read positions and unread counts. */
public final class Conversations extends Resource {
  private static final TypeReference<Page<Conversation>> PAGE = new TypeReference<>() {};
  private static final TypeReference<Presences> PRESENCES = new TypeReference<>() {};

  Conversations(Transport transport) {
    super(transport);
  }

  /** The default list: pinned first, then newest activity first. */
  public Listing<Conversation> list(long uid) {
    return list(uid, null);
  }

  /** @param folder archived, requests, or null for the default list */
  @Maps(LIST_CONVERSATIONS)
  public Listing<Conversation> list(long uid, String folder) {
    return listing(() -> Spec.of(LIST_CONVERSATIONS, uid).query("folder", folder), PAGE);
  }

  /** One conversation as the list shows it (404 if none). */
  @Maps(GET_CONVERSATION)
  public Call<Conversation> get(long uid, long peer) {
    return call(Spec.of(GET_CONVERSATION, uid, peer), Conversation.class);
  }

  /** Pins, mutes or archives a conversation. @return the conversation after the change */
  @Maps(SET_CONVERSATION_STATE)
  public Call<Conversation> setState(long uid, long peer, ConversationState state) {
    return call(Spec.of(SET_CONVERSATION_STATE, uid, peer).json(state), Conversation.class);
  }

  /**
   * Messages sent from now on vanish {@code after} their sending (from 5 seconds to a year), for
   * both parties; null turns it off. @return the conversation after the change
   */
  @Maps(SET_CONVERSATION_STATE)
  public Call<Conversation> setDisappearAfter(long uid, long peer, java.time.Duration after) {
    return call(Spec.of(SET_CONVERSATION_STATE, uid, peer).json(disappearAfter(after)), Conversation.class);
  }

  /** A body naming {@code disappearAfter}, as null to turn it off (a tree: the client's mapper leaves nulls out). */
  static com.fasterxml.jackson.databind.node.ObjectNode disappearAfter(java.time.Duration after) {
    com.fasterxml.jackson.databind.node.ObjectNode body = io.letterbox.client.internal.Json.MAPPER.createObjectNode();
    if (after == null) {
      body.putNull("disappearAfter");
    } else {
      body.put("disappearAfter", after.toString());
    }
    return body;
  }

  /** Marks everything so far read on {@code device}. */
  public Call<Void> markRead(long uid, long peer, String device) {
    return read(MARK_READ, uid, peer, device, null);
  }

  /** Marks read up to message {@code upTo} on {@code device}. */
  @Maps(MARK_READ)
  public Call<Void> markRead(long uid, long peer, String device, long upTo) {
    return read(MARK_READ, uid, peer, device, upTo);
  }

  /** Exact unread counts of {@code uid} on {@code device}. */
  @Maps(GET_UNREAD)
  public Call<Unread> unread(long uid, String device) {
    return call(Spec.of(GET_UNREAD, uid).query("device", device), Unread.class);
  }

  /**
   * {@code uid}'s data as of the request: each line of the export handed to {@code lines} as it is
   * read off the connection, so the client's memory does not grow with the export. A conversation
   * comes before the messages of it. A connection cut before the end fails the call.
   *
   * @return the number of lines
   */
  @Maps(EXPORT_USER)
  public Call<Long> export(long uid, Consumer<ExportLine> lines) {
    return call(Spec.of(EXPORT_USER, uid).untimed(), response -> {
      long count = 0;
      try (InputStream in = response.body();
          var values = Json.MAPPER.readerFor(ExportLine.class).<ExportLine>readValues(in)) {
        while (values.hasNextValue()) {
          lines.accept(values.nextValue());
          count++;
        }
      }
      return count;
    });
  }

  /** Pins message {@code id} of the conversation, for both parties (409 TOO_MANY_PINS past 50). */
  @Maps(PIN_MESSAGE)
  public Call<Void> pin(long uid, long peer, long id) {
    return call(Spec.of(PIN_MESSAGE, uid, peer, id));
  }

  /** Unpins message {@code id} of the conversation, for both parties. */
  @Maps(UNPIN_MESSAGE)
  public Call<Void> unpin(long uid, long peer, long id) {
    return call(Spec.of(UNPIN_MESSAGE, uid, peer, id));
  }

  /** The pinned messages of the conversation that {@code uid} can see, the newest pin first: one page. */
  @Maps(LIST_PINS)
  public Call<Page<Message>> pins(long uid, long peer) {
    return call(Spec.of(LIST_PINS, uid, peer), io.letterbox.client.internal.Decoder.json(MESSAGES));
  }

  /** Saves {@code uid}'s draft of the conversation, shared by its devices; empty text clears it. */
  @Maps(SET_DRAFT)
  public Call<Void> setDraft(long uid, long peer, String text) {
    return call(Spec.of(SET_DRAFT, uid, peer).json(java.util.Map.of("text", text)));
  }

  /** Empties the conversation with {@code peer} for {@code uid} only. */
  @Maps(DELETE_CONVERSATION)
  public Call<Void> delete(long uid, long peer) {
    return call(Spec.of(DELETE_CONVERSATION, uid, peer));
  }

  /** Tells {@code peer} that {@code uid} is typing (a typing event, at most one per 3 s; never stored). */
  @Maps(TYPING)
  public Call<Void> typing(long uid, long peer) {
    return call(Spec.of(TYPING, uid, peer));
  }

  /** Whether each of {@code of} (1..100 users) is online now, and when it was last seen, as {@code uid} may see it. */
  @Maps(PRESENCE)
  public Call<java.util.List<Presence>> presence(long uid, java.util.List<Long> of) {
    String ids = String.join(",", of.stream().map(String::valueOf).toList());
    Decoder<Presences> answer = Decoder.json(PRESENCES);
    return call(Spec.of(PRESENCE, uid).query("of", ids), response -> answer.decode(response).items());
  }

  /** The answer of a presence read. */
  record Presences(java.util.List<Presence> items) {}
}
