package io.letterbox.server.push;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.letterbox.model.Message;
import io.letterbox.server.http.json.Ids64;
import io.letterbox.server.http.json.Json;

/**
 * A push call's body: {@code {"uid","badge","from"|"group","messageId","preview"}}, ids as
 * decimal strings; {@code preview} (the text) only when push-preview is on.
 */
final class PushBody {
  private PushBody() {}

  @JsonInclude(JsonInclude.Include.NON_NULL)
  record Body(String uid, long badge, String from, String group, String messageId, String preview) {}

  static byte[] of(PushNotice notice, long badge, boolean preview) {
    Message m = notice.message();
    boolean group = m.kind() == Message.Kind.GROUP;
    return Json.write(new Body(Ids64.format(notice.uid()), badge, group ? null : Ids64.format(m.from()),
        group ? Ids64.format(m.to()) : null, Ids64.format(m.id()), preview ? m.text() : null));
  }
}
