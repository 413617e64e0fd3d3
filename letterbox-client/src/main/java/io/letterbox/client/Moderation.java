package io.letterbox.client;

import static io.letterbox.client.internal.Route.LIST_REPORTS;
import static io.letterbox.client.internal.Route.REPORT_MESSAGE;

import com.fasterxml.jackson.core.type.TypeReference;
import io.letterbox.client.internal.Decoder;
import io.letterbox.client.internal.Maps;
import io.letterbox.client.internal.Spec;
import io.letterbox.client.internal.Transport;
import java.util.LinkedHashMap;
import java.util.Map;

/** Users' reports of messages, for the platform's moderators. */
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

  private record Created(long id) {}
}
