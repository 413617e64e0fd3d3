package io.letterbox.model;

/**
 * The part of a replied-to message a reply shows (API.md, Replies): read when the reply is read, so it
 * follows the original's edit, recall and removal.
 *
 * @param id     the original message
 * @param from   its sender
 * @param type   its type
 * @param text   at most the first {@link #MAX_TEXT} characters of its text; empty once recalled or removed
 * @param status its status
 */
public record Quote(long id, long from, String type, String text, Message.Status status) {
  public static final int MAX_TEXT = 100;

  /** What a reply shows of {@code original}. */
  public static Quote of(Message original) {
    String text = original.text() == null ? "" : original.text();
    if (text.length() > MAX_TEXT) {
      int end = Character.isLowSurrogate(text.charAt(MAX_TEXT)) ? MAX_TEXT - 1 : MAX_TEXT;
      text = text.substring(0, end);
    }
    return new Quote(original.id(), original.from(), original.extras().type(), text, original.status());
  }
}
