package io.letterbox.engine.read;

import io.letterbox.model.Message;
import io.letterbox.model.Quote;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Joins replies to what they quote when they are read (decision 0048): a reply stores only the id
 * of the message it replies to, and its quote is that message as it is now, read through the
 * message cache, so an edit, recall or removal of the original shows in every reply with no write
 * per reply. Messages that reply to none cost nothing: a list without a reply is returned as it is.
 * The messages are as they are now, so an original among them is quoted from there, not read again.
 */
final class ReplyQuotes {
  private ReplyQuotes() {}

  /**
   * @param messages messages as they are now (null where none)
   * @param stored   reads messages as stored, in order (null where none), in one multi-get
   * @return {@code messages} with each reply's quote of its original; a reply whose original is
   *     gone shows none
   */
  static List<Message> join(List<Message> messages, Function<List<Long>, List<Message>> stored) {
    Map<Long, Message> byId = null;
    List<Long> originals = null;
    for (Message m : messages) {
      if (m != null && m.extras().replyTo() != 0) {
        if (byId == null) {
          // A reply mostly quotes a message of the same page: those are not read again.
          byId = new HashMap<>();
          for (Message o : messages) {
            if (o != null) {
              byId.put(StateReader.key(o.id()), o);
            }
          }
          originals = new ArrayList<>();
        }
        if (!byId.containsKey(StateReader.key(m.extras().replyTo()))) {
          originals.add(m.extras().replyTo());
        }
      }
    }
    if (byId == null) {
      return messages;
    }
    if (!originals.isEmpty()) {
      for (Message o : stored.apply(originals)) {
        if (o != null) {
          byId.put(StateReader.key(o.id()), o);
        }
      }
    }
    List<Message> out = new ArrayList<>(messages.size());
    for (Message m : messages) {
      Message original = m == null || m.extras().replyTo() == 0 ? null : byId.get(StateReader.key(m.extras().replyTo()));
      out.add(original == null ? m : m.withReplyTo(Quote.of(original)));
    }
    return out;
  }
}
