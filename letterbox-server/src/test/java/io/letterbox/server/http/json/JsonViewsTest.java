package io.letterbox.server.http.json;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.model.Broadcast;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class JsonViewsTest {

  @ParameterizedTest
  @EnumSource(Broadcast.Status.class)
  void aBroadcastStatusIsWrittenInLowerCase(Broadcast.Status status) {
    Broadcast b = new Broadcast(7403170127155200001L, 100, "hello", io.letterbox.model.Extras.TEXT, status, 3, 0, Optional.empty());

    assertThat(JsonViews.broadcast(b).status()).isEqualTo(status.name().toLowerCase(java.util.Locale.ROOT));
  }

  @Test
  void aFanOutThatGaveUpReadsFailedWithoutACompletionTime() {
    Broadcast b = new Broadcast(7403170127155200001L, 100, "hello", io.letterbox.model.Extras.TEXT, Broadcast.Status.FAILED, 3, 0, Optional.empty());

    assertThat(JsonViews.broadcast(b).status()).isEqualTo("failed");
    assertThat(JsonViews.broadcast(b).completedAt()).isNull();
  }

  @Test
  void aConversationEventNamesItsPeerAsItAlwaysDidOrItsGroupAndNoPeer() {
    String oneToOne = new String(Json.write(JsonViews.event(1,
        new io.letterbox.model.Event.ConversationChanged("p1", 2, true, false, false))), java.nio.charset.StandardCharsets.UTF_8);
    String group = new String(Json.write(JsonViews.event(1,
        new io.letterbox.model.Event.ConversationChanged("p2", 0, 7403170127155200001L, false, true, false))),
        java.nio.charset.StandardCharsets.UTF_8);

    assertThat(oneToOne).isEqualTo(
        "{\"type\":\"conversation\",\"position\":\"p1\",\"peer\":\"2\",\"pinned\":true,\"muted\":false,\"archived\":false}");
    assertThat(group).isEqualTo("{\"type\":\"conversation\",\"position\":\"p2\",\"pinned\":false,\"muted\":true,"
        + "\"archived\":false,\"group\":\"7403170127155200001\"}");
  }
}
