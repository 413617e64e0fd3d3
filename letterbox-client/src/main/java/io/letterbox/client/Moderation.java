package io.letterbox.client;

import static io.letterbox.client.internal.Route.COMPACT_STORE;
import static io.letterbox.client.internal.Route.LIST_REPORTS;
import static io.letterbox.client.internal.Route.REPORT_MESSAGE;
import static io.letterbox.client.internal.Route.TAKE_DOWN_MESSAGE;

import com.fasterxml.jackson.core.type.TypeReference;
import io.letterbox.client.internal.Decoder;
import io.letterbox.client.internal.Maps;
import io.letterbox.client.internal.Spec;
import io.letterbox.client.internal.Transport;
import java.util.LinkedHashMap;
import java.util.Map;

/** Users' reports of messages, for the platform's moderators, and takedowns (services only). */
public final class Moderation extends Resource {
  private static final TypeReference<Page<Report>> REPORTS = new TypeReference<>() {};
  private static final Decoder<Created> CREATED = Decoder.json(Created.class);

  Moderation(Transport transport) {
    super(transport);
  }

  /**
   * {@code uid} reports message {@code messageId}, which it must be able to see.
   *
   * @param reason spam, abuse or other
   * @param note what the reporter adds, or null
   * @return the report's id
   */
  @Maps(REPORT_MESSAGE)
  public Call<Long> report(long uid, long messageId, String reason, String note) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("message", messageId);
    body.put("reason", reason);
    if (note != null) {
      body.put("note", note);
    }
    return call(Spec.of(REPORT_MESSAGE, uid).json(body), r -> CREATED.decode(r).id());
  }

  /** Every user's reports, oldest first (services only). */
  @Maps(LIST_REPORTS)
  public Listing<Report> reports() {
    return listing(() -> Spec.of(LIST_REPORTS), REPORTS);
  }

  /**
   * Takes message {@code messageId} down for every party (services only): it then reads status
   * {@code removed}, with no text, payload or attachments.
   *
   * @param reason why, in the moderator's words, or null
   * @return the message as taken down
   */
  @Maps(TAKE_DOWN_MESSAGE)
  public Call<Message> takeDown(long messageId, String reason) {
    Map<String, Object> body = new LinkedHashMap<>();
    if (reason != null) {
      body.put("reason", reason);
    }
    return call(Spec.of(TAKE_DOWN_MESSAGE, messageId).json(body), Message.class);
  }

  /** Starts a full compaction of the store, which erases taken-down content from its files (services only). */
  @Maps(COMPACT_STORE)
  public Call<Void> compact() {
    return call(Spec.of(COMPACT_STORE));
  }

  private record Created(long id) {}
}
