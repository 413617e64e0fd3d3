package io.letterbox.server.http.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.letterbox.engine.Export;
import io.letterbox.model.Attachment;
import io.letterbox.model.Conversation;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import io.letterbox.model.Quote;
import io.letterbox.model.Reaction;
import io.letterbox.model.UnreadSummary;
import io.vertx.core.buffer.Buffer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The answers of the busiest reads (a conversation's page, the conversation list, the unread
 * summary) and of a send, written from the engine's model straight into the response's buffer with
 * Jackson's streaming generator: no view objects, no reflection, no string per id or time. Each
 * writes exactly the bytes {@link Json#write} writes of the {@link JsonViews} shape it stands for
 * (StreamedJsonTest holds them equal): fields in the view's order, the same ones left out.
 */
public final class StreamedJson {
  private final BufferStream stream = new BufferStream();
  private final JsonGenerator out;
  /** Room for the characters of one id or time. */
  private final char[] chars = new char[Math.max(20, Times.MAX_CHARS)];

  private StreamedJson() {
    try {
      out = Json.generator(stream);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** @return {@link JsonViews#page} of {@code page} with {@link JsonViews#message} items, as JSON */
  public static Buffer messages(Page<Message> page) {
    return write(json -> {
      json.startPage(page, json::writeMessage);
      json.out.writeEndObject();
    });
  }

  /** @return {@link JsonViews#message} of {@code m}, as JSON */
  public static Buffer message(Message m) {
    return write(json -> json.writeMessage(m));
  }

  /** @return {@link JsonViews#conversations} of {@code page}, as JSON */
  public static Buffer conversations(Page<Conversation> page, OptionalLong requestsUnread) {
    return write(json -> {
      json.startPage(page, json::writeConversation);
      if (requestsUnread.isPresent()) {
        json.out.writeObjectFieldStart("requests");
        json.out.writeNumberField("unread", requestsUnread.getAsLong());
        json.out.writeEndObject();
      }
      json.out.writeEndObject();
    });
  }

  /** @return {@link JsonViews#unread} of {@code s}, as JSON */
  public static Buffer unread(UnreadSummary s) {
    return write(json -> {
      json.out.writeStartObject();
      json.out.writeNumberField("total", s.total());
      json.out.writeArrayFieldStart("conversations");
      for (UnreadSummary.PeerCount p : s.conversations()) {
        json.out.writeStartObject();
        json.id(p.group() != 0 ? "group" : "peer", p.group() != 0 ? p.group() : p.peer());
        json.out.writeNumberField("count", p.count());
        json.out.writeEndObject();
      }
      json.out.writeEndArray();
      json.out.writeEndObject();
    });
  }

  /**
   * Lines of a user's export (decision 0046), each one JSON object and a newline: {@code
   * {"conversation":…}} with {@link JsonViews#conversation}'s item, or {@code {"message":…}} with
   * {@link JsonViews#message}'s message.
   */
  public static Buffer exportLines(List<Export.Line> lines) {
    return write(json -> {
      json.out.setRootValueSeparator(null);
      for (Export.Line line : lines) {
        json.out.writeStartObject();
        if (line instanceof Export.ConversationLine c) {
          json.out.writeFieldName("conversation");
          json.writeConversation(c.conversation());
        } else {
          json.out.writeFieldName("message");
          json.writeMessage(((Export.MessageLine) line).message());
        }
        json.out.writeEndObject();
        json.out.writeRaw('\n');
      }
    });
  }

  /** One document's writing. */
  private interface Document {
    void writeTo(StreamedJson json) throws IOException;
  }

  private static Buffer write(Document document) {
    StreamedJson json = new StreamedJson();
    try {
      document.writeTo(json);
      json.out.close();
      return json.stream.buffer == null ? Buffer.buffer() : json.stream.buffer;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** One item's writing. */
  private interface Item<T> {
    void write(T item) throws IOException;
  }

  /** {@link JsonViews.PageView} but its closing brace: {@code items}, then {@code next} (null on the last page). */
  private <T> void startPage(Page<T> page, Item<T> item) throws IOException {
    out.writeStartObject();
    out.writeArrayFieldStart("items");
    for (T t : page.items()) {
      item.write(t);
    }
    out.writeEndArray();
    out.writeStringField("next", page.next());
  }

  /** {@link JsonViews.MessageView}. */
  private void writeMessage(Message m) throws IOException {
    out.writeStartObject();
    id("id", m.id());
    out.writeStringField("kind", kind(m.kind()));
    id("from", m.from());
    if (m.kind() == Message.Kind.SINGLE) {
      id("to", m.to());
    } else if (m.kind() == Message.Kind.GROUP) {
      id("group", m.to());
    }
    out.writeStringField("type", m.extras().type());
    out.writeStringField("text", m.text());
    if (m.extras().payload() != null) {
      out.writeFieldName("payload");
      out.writeRawValue(m.extras().payload());
    }
    List<Attachment> attachments = m.extras().attachments();
    if (!attachments.isEmpty()) {
      out.writeArrayFieldStart("attachments");
      for (Attachment a : attachments) {
        out.writeStartObject();
        out.writeStringField("blob", a.blob());
        if (a.name() != null) {
          out.writeStringField("name", a.name());
        }
        out.writeStringField("contentType", a.contentType());
        out.writeNumberField("size", a.size());
        out.writeEndObject();
      }
      out.writeEndArray();
    }
    List<Long> mentions = m.extras().mentions();
    if (!mentions.isEmpty()) {
      out.writeArrayFieldStart("mentions");
      for (long uid : mentions) {
        idValue(uid);
      }
      out.writeEndArray();
    }
    out.writeStringField("status", m.status().json());
    out.writeFieldName("editedAt");
    if (m.editedAt() == 0) {
      out.writeNull();
    } else {
      time(Instant.ofEpochMilli(m.editedAt()));
    }
    out.writeFieldName("createdAt");
    time(m.createdAt());
    if (m.replyTo() != null) {
      writeQuote(m.replyTo());
    }
    if (m.extras().forwarded() != null) {
      out.writeObjectFieldStart("forwarded");
      id("from", m.extras().forwarded().from());
      out.writeFieldName("createdAt");
      time(m.extras().forwarded().createdAtInstant());
      out.writeEndObject();
    }
    if (!m.reactions().isEmpty()) {
      out.writeArrayFieldStart("reactions");
      for (Reaction r : m.reactions()) {
        out.writeStartObject();
        out.writeStringField("emoji", r.emoji());
        out.writeNumberField("count", r.count());
        out.writeBooleanField("mine", r.mine());
        out.writeEndObject();
      }
      out.writeEndArray();
    }
    out.writeEndObject();
  }

  /** {@link JsonViews.QuoteView}. */
  private void writeQuote(Quote q) throws IOException {
    out.writeObjectFieldStart("replyTo");
    id("id", q.id());
    id("from", q.from());
    out.writeStringField("type", q.type());
    out.writeStringField("text", q.text());
    out.writeStringField("status", q.status().json());
    out.writeEndObject();
  }

  /** {@link JsonViews.ConversationView}. */
  private void writeConversation(Conversation c) throws IOException {
    boolean group = c.group() != 0;
    out.writeStartObject();
    id(group ? "group" : "peer", group ? c.group() : c.peer());
    out.writeFieldName("lastMessage");
    if (c.lastMessage() == null) {
      out.writeNull();
    } else {
      writeMessage(c.lastMessage());
    }
    out.writeFieldName("unread");
    if (c.unread() == null) {
      out.writeNull();
    } else {
      out.writeStartObject();
      for (Map.Entry<String, Long> e : c.unread().entrySet()) {
        out.writeFieldName(e.getKey());
        if (e.getValue() == null) {
          out.writeNull();
        } else {
          out.writeNumber(e.getValue());
        }
      }
      out.writeEndObject();
    }
    out.writeFieldName("updatedAt");
    time(c.updatedAt());
    out.writeBooleanField("pinned", c.pinned());
    out.writeBooleanField("muted", c.muted());
    out.writeBooleanField("archived", c.archived());
    out.writeFieldName("peerReadUpTo");
    if (c.peerReadUpTo() == 0) {
      out.writeNull();
    } else {
      idValue(c.peerReadUpTo());
    }
    if (group) {
      out.writeBooleanField("mentioned", c.mentioned());
    }
    if (c.disappearAfter() != null) {
      out.writeStringField("disappearAfter", c.disappearAfter().toString());
    }
    out.writeFieldName("peerDeliveredUpTo");
    if (c.peerDeliveredUpTo() == 0) {
      out.writeNull();
    } else {
      idValue(c.peerDeliveredUpTo());
    }
    if (c.draft() != null) {
      out.writeStringField("draft", c.draft());
    }
    out.writeEndObject();
  }

  private static String kind(Message.Kind kind) {
    return switch (kind) {
      case SINGLE -> "single";
      case BROADCAST -> "broadcast";
      case GROUP -> "group";
    };
  }

  private void id(String field, long id) throws IOException {
    out.writeFieldName(field);
    idValue(id);
  }

  /** An id as {@link Ids64#format} writes it: its decimal digits, as a string. */
  private void idValue(long id) throws IOException {
    if (id < 0) {
      out.writeString(Ids64.format(id));
      return;
    }
    int at = chars.length;
    long rest = id;
    do {
      chars[--at] = (char) ('0' + rest % 10);
      rest /= 10;
    } while (rest != 0);
    out.writeString(chars, at, chars.length - at);
  }

  private void time(Instant t) throws IOException {
    out.writeString(chars, 0, Times.format(t, chars));
  }

  /**
   * The generator's output. The generator writes into its own recycled buffer and hands it over
   * when full or closed, so a document shorter than that buffer arrives in one write: the answer's
   * buffer is made then, of its exact size.
   */
  private static final class BufferStream extends OutputStream {
    private Buffer buffer;

    @Override
    public void write(int b) {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) {
      if (buffer == null) {
        buffer = Buffer.buffer(len);
      }
      buffer.appendBytes(b, off, len);
    }
  }
}
