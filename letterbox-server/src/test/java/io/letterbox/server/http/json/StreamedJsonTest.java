package io.letterbox.server.http.json;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.model.Attachment;
import io.letterbox.model.Conversation;
import io.letterbox.model.Extras;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import io.letterbox.model.Quote;
import io.letterbox.model.Reaction;
import io.letterbox.model.UnreadSummary;
import io.vertx.core.buffer.Buffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The answers written with the streaming generator are, byte for byte, those of the views they stand for. */
class StreamedJsonTest {
  private static final long ID = 7403170127155200001L;

  private static final List<Message> MESSAGES = List.of(
      new Message(ID, Message.Kind.SINGLE, 100, 200, "hello"),
      new Message(ID + 1, Message.Kind.SINGLE, 1, Long.MAX_VALUE,
          "quotes \" back\\slash\nnew line \u0001 control, é, 中文, emoji \uD83D\uDE00, </script>"),
      new Message(ID + 2, Message.Kind.GROUP, 100, 42, "to the group",
          new Extras("text", null, List.of()).withMentions(List.of(200L, 300L))),
      new Message(ID + 3, Message.Kind.BROADCAST, 100, 0, "to followers"),
      new Message(ID + 4, Message.Kind.SINGLE, 100, 200, "", new Extras("image",
          "{\"w\":640,\"h\":480,\"tags\":[\"a\",1.5,null,true]}",
          List.of(new Attachment("b1", "cat.png", "image/png", 12_345), new Attachment("b2", null, "image/jpeg", 0))),
          Message.Status.NORMAL, 0),
      new Message(ID + 5, Message.Kind.SINGLE, 100, 200, "edited text", Extras.TEXT, Message.Status.NORMAL, 1_764_000_000_123L),
      new Message(ID + 6, Message.Kind.SINGLE, 100, 200, "to recall").recall(),
      new Message(ID + 8, Message.Kind.SINGLE, 100, 200, "taken down").remove(),
      new Message(ID + 7, Message.Kind.SINGLE, 100, 200, null, new Extras(null, null, List.of()), Message.Status.NORMAL, 0),
      new Message(ID + 9, Message.Kind.SINGLE, 100, 200, "a reply with reactions")
          .withReplyTo(new Quote(ID, 200, "text", "the \"original\"", Message.Status.NORMAL))
          .withReactions(List.of(new Reaction("\uD83D\uDC4D", 3, true), new Reaction("custom:party", 1, false))),
      new Message(ID + 10, Message.Kind.GROUP, 100, 42, "replying to a recalled post")
          .withReplyTo(new Quote(ID + 6, 100, "text", "", Message.Status.RECALLED)),
      new Message(ID + 11, Message.Kind.SINGLE, 300, 200, "", new Extras("image", "{\"w\":1}",
          List.of(new Attachment("b1", "cat.png", "image/png", 12_345)))
          .withForwarded(new io.letterbox.model.Forwarded(100, 1_764_000_000_123L))),
      new Message(ID + 12, Message.Kind.GROUP, 300, 42, "a forward that replies", Extras.TEXT.withReplyTo(ID)
          .withForwarded(new io.letterbox.model.Forwarded(Long.MAX_VALUE, 1_764_000_000_000L)))
          .withReplyTo(new Quote(ID, 200, "text", "the original", Message.Status.NORMAL)),
      new Message(Long.MAX_VALUE, Message.Kind.SINGLE, 100, 200, "the last id"));

  @Test
  void aPageOfMessagesIsWrittenAsItsView() {
    Page<Message> withNext = new Page<>(MESSAGES, "cursor-of-the-next-page");
    Page<Message> last = new Page<>(MESSAGES.subList(0, 2), null);
    Page<Message> empty = new Page<>(List.of(), null);

    for (Page<Message> page : List.of(withNext, last, empty)) {
      assertThat(text(StreamedJson.messages(page))).isEqualTo(viewText(JsonViews.page(page, JsonViews::message)));
    }
  }

  @Test
  void aMessageIsWrittenAsItsView() {
    for (Message m : MESSAGES) {
      assertThat(text(StreamedJson.message(m))).isEqualTo(viewText(JsonViews.message(m)));
    }
  }

  @Test
  void aPageOfTheConversationListIsWrittenAsItsView() {
    Map<String, Long> unread = new LinkedHashMap<>();
    unread.put("phone", 3L);
    unread.put("laptop", 0L);
    List<Conversation> items = new ArrayList<>();
    items.add(new Conversation(200, MESSAGES.get(0), unread, true, false, false, ID - 5));
    items.add(new Conversation(201, MESSAGES.get(9), Map.of(), false, false, false, ID - 3)
        .withPeerDeliveredUpTo(ID - 1).withDraft("half a \"thought\" 中文"));
    items.add(new Conversation(300, MESSAGES.get(4), Map.of(), false, true, true, 0)
        .withDisappearAfter(java.time.Duration.ofHours(1)));
    items.add(new Conversation(0, 42, MESSAGES.get(2), Map.of("phone", 1L), false, false, false, 0, true,
        MESSAGES.get(2).createdAt()).withDisappearAfter(java.time.Duration.ofSeconds(5)));
    items.add(new Conversation(0, 43, null, Map.of(), false, false, true, 0, false,
        Instant.parse("2026-11-25T13:05:07.042Z")));
    Page<Conversation> page = new Page<>(items, "next-list-page");

    for (OptionalLong requests : List.of(OptionalLong.of(7), OptionalLong.empty())) {
      assertThat(text(StreamedJson.conversations(page, requests)))
          .isEqualTo(viewText(JsonViews.conversations(page, requests)));
    }
    Page<Conversation> none = new Page<>(List.of(), null);
    assertThat(text(StreamedJson.conversations(none, OptionalLong.of(0))))
        .isEqualTo(viewText(JsonViews.conversations(none, OptionalLong.of(0))));
  }

  @Test
  void anUnreadSummaryIsWrittenAsItsView() {
    UnreadSummary summary = new UnreadSummary(12, List.of(new UnreadSummary.PeerCount(200, 0, 5),
        new UnreadSummary.PeerCount(0, 42, 7)));
    UnreadSummary none = new UnreadSummary(0, List.of());

    for (UnreadSummary s : List.of(summary, none)) {
      assertThat(text(StreamedJson.unread(s))).isEqualTo(viewText(JsonViews.unread(s)));
    }
  }

  @Test
  void aPageLongerThanTheFirstBufferIsWrittenWhole() {
    List<Message> many = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      many.add(new Message(ID + i, Message.Kind.SINGLE, 100, 200, "message number " + i + " ".repeat(i)));
    }
    Page<Message> page = new Page<>(many, null);

    assertThat(text(StreamedJson.messages(page))).isEqualTo(viewText(JsonViews.page(page, JsonViews::message)));
  }

  private static String text(Buffer written) {
    return written.toString(StandardCharsets.UTF_8);
  }

  private static String viewText(Object view) {
    return new String(Json.write(view), StandardCharsets.UTF_8);
  }
}
