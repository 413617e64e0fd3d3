package io.letterbox.engine;

import io.letterbox.blob.Blobs;
import io.letterbox.model.Attachment;
import io.letterbox.model.Blob;
import io.letterbox.model.Extras;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Argument checks that say what was wrong; each failure is an INVALID_ARGUMENT. The engine's APIs
 * use them all; the partition host uses the public ones.
 */
public final class Validate {
  static final int MAX_LIMIT = 100;
  static final int MAX_IDEMPOTENCY_KEY = 128;
  /** API.md: a payload is a JSON object of at most 16 KiB. */
  static final int MAX_PAYLOAD_BYTES = 16 * 1024;
  static final int MAX_ATTACHMENTS = 20;
  static final int MAX_NAME = 255;
  private static final java.util.regex.Pattern TYPE =
      java.util.regex.Pattern.compile("text|image|file|card|custom:[a-z0-9][a-z0-9._-]{0,56}");

  private Validate() {}

  public static long uid(String name, long uid) {
    if (uid < 1) {
      throw LetterboxException.invalid("%s must be a uid from 1 to 2^63-1: %d", name, uid);
    }
    return uid;
  }

  static void distinct(String a, long x, String b, long y) {
    if (x == y) {
      throw LetterboxException.invalid("%s and %s must differ: both are %d", a, b, x);
    }
  }

  static String text(String text, int maxLength) {
    if (text == null || text.isEmpty()) {
      throw LetterboxException.invalid("text must not be empty");
    }
    int length = text.codePointCount(0, text.length());
    if (length > maxLength) {
      throw LetterboxException.invalid("text must be at most %d characters: %d", maxLength, length);
    }
    return text;
  }

  /** A conversation's draft (decision 0050): any text a message could carry; empty clears it. */
  static String draft(String text, int maxLength) {
    if (text == null) {
      throw LetterboxException.invalid("text is required (empty clears the draft)");
    }
    return text.isEmpty() ? text : text(text, maxLength);
  }

  /** The text of a message of {@code type}: required for text, an optional caption (empty for none) otherwise. */
  static String text(String text, String type, int maxLength) {
    if (!Extras.TEXT_TYPE.equals(type) && (text == null || text.isEmpty())) {
      return "";
    }
    return text(text, maxLength);
  }

  /**
   * A message's type, payload and attachments, checked; attachments take their size and content
   * type from their blobs, which must exist and be readable by the sender (a blob it may not read
   * is refused as one that does not exist), and whose content type a named one must match.
   *
   * @param readable the blob, if the sender may read it
   */
  static Extras extras(Extras extras, java.util.function.Function<String, java.util.Optional<Blob>> readable) {
    if (extras == null || extras.isPlainText()) {
      return Extras.TEXT;
    }
    String type = extras.type() == null ? Extras.TEXT_TYPE : extras.type();
    if (!TYPE.matcher(type).matches()) {
      throw LetterboxException.invalid(
          "type must be text, image, file, card or custom:<name> (a-z, 0-9, '.', '_', '-'; at most 64 characters): %s", type);
    }
    String payload = extras.payload();
    if (payload != null) {
      int bytes = payload.getBytes(StandardCharsets.UTF_8).length;
      if (bytes > MAX_PAYLOAD_BYTES) {
        throw LetterboxException.invalid("payload must be at most %d bytes of JSON: %d", MAX_PAYLOAD_BYTES, bytes);
      }
      if (!payload.startsWith("{") || !payload.endsWith("}")) {
        throw LetterboxException.invalid("payload must be a JSON object");
      }
    }
    if (extras.attachments().size() > MAX_ATTACHMENTS) {
      throw LetterboxException.invalid("a message has at most %d attachments: %d", MAX_ATTACHMENTS, extras.attachments().size());
    }
    List<Attachment> attachments = new java.util.ArrayList<>();
    for (int i = 0; i < extras.attachments().size(); i++) {
      Attachment a = extras.attachments().get(i);
      String where = "attachments[" + i + "]";
      Blob blob = readable.apply(a.blob()).orElseThrow(
          () -> LetterboxException.invalid("%s.blob names no stored blob: %s (upload it with POST /v1/blobs first)", where, a.blob()));
      if (a.name() != null && (a.name().isEmpty() || a.name().length() > MAX_NAME || a.name().chars().anyMatch(Character::isISOControl))) {
        throw LetterboxException.invalid("%s.name must be 1 to %d characters without control characters", where, MAX_NAME);
      }
      if (a.size() >= 0 && a.size() != blob.size()) {
        throw LetterboxException.invalid("%s.size is %d but the blob has %d bytes", where, a.size(), blob.size());
      }
      if (a.contentType() != null
          && !Blobs.essence(Blobs.mediaType(a.contentType())).equals(Blobs.essence(blob.contentType()))) {
        throw LetterboxException.invalid("%s.contentType is %s but the blob is %s", where,
            Blobs.mediaType(a.contentType()), blob.contentType());
      }
      attachments.add(new Attachment(blob.id(), a.name(), blob.contentType(), blob.size()));
    }
    return new Extras(type, payload, attachments, List.of(), extras.replyTo(), extras.forwarded());
  }

  static String idempotencyKey(String key) {
    if (key == null) {
      return null;
    }
    if (key.isEmpty() || key.length() > MAX_IDEMPOTENCY_KEY) {
      throw LetterboxException.invalid("idempotencyKey must be 1 to %d characters", MAX_IDEMPOTENCY_KEY);
    }
    for (int i = 0; i < key.length(); i++) {
      if (Character.isISOControl(key.charAt(i))) {
        throw LetterboxException.invalid("idempotencyKey must not contain control characters");
      }
    }
    return key;
  }

  static String device(String device, List<String> devices) {
    if (device == null || !devices.contains(device)) {
      throw LetterboxException.invalid("device must be one of %s: %s", devices, device);
    }
    return device;
  }

  static int limit(int limit) {
    if (limit < 1 || limit > MAX_LIMIT) {
      throw LetterboxException.invalid("limit must be 1 to %d: %d", MAX_LIMIT, limit);
    }
    return limit;
  }

  public static long messageId(long id) {
    if (id < 1) {
      throw LetterboxException.invalid("message id must be positive: %d", id);
    }
    return id;
  }

  static final int MAX_ATTRIBUTES = 16;
  static final int MAX_ATTRIBUTE_LENGTH = 64;

  /** Checks string attribute pairs: at most 16, each name and value 1 to 64 characters. */
  static java.util.Map<String, String> attributes(String name, java.util.Map<String, String> attributes) {
    if (attributes == null) {
      throw invalidArg("%s must not be null", name);
    }
    if (attributes.size() > MAX_ATTRIBUTES) {
      throw invalidArg("%s may hold at most %d pairs: %d", name, MAX_ATTRIBUTES, attributes.size());
    }
    for (java.util.Map.Entry<String, String> e : attributes.entrySet()) {
      attributeText(name + " name", e.getKey());
      attributeText(name + "." + e.getKey(), e.getValue());
    }
    return java.util.Map.copyOf(attributes);
  }

  private static void attributeText(String name, String s) {
    if (s == null || s.isEmpty() || s.length() > MAX_ATTRIBUTE_LENGTH || s.indexOf('\0') >= 0) {
      throw invalidArg("%s must be 1 to %d characters without NUL: %s", name, MAX_ATTRIBUTE_LENGTH, s);
    }
  }

  static final int MAX_GROUP_NAME = 100;

  /** A group's name: 1 to 100 characters (code points), not blank. */
  static String groupName(String name) {
    if (name == null || name.isBlank()) {
      throw invalidArg("name must not be empty");
    }
    int length = name.codePointCount(0, name.length());
    if (length > MAX_GROUP_NAME) {
      throw invalidArg("name must be at most %d characters: %d", MAX_GROUP_NAME, length);
    }
    return name;
  }

  /** The mentions of a group post: at most 20 uids, each checked. */
  static final int MAX_MENTIONS = 20;

  static String segmentName(String name) {
    if (name == null || !name.matches("[A-Za-z0-9_.-]{1,64}")) {
      throw invalidArg("segment names are 1 to 64 of [A-Za-z0-9_.-]: %s", name);
    }
    return name;
  }

  /** @return the uids sorted and without repeats, each checked */
  static long[] uids(String name, long[] uids, int max, boolean mayBeEmpty) {
    if (uids == null || (!mayBeEmpty && uids.length == 0)) {
      throw invalidArg("%s must not be empty", name);
    }
    if (uids.length > max) {
      throw invalidArg("%s may hold at most %d uids: %d", name, max, uids.length);
    }
    long[] sorted = uids.clone();
    java.util.Arrays.sort(sorted);
    if (sorted.length > 0 && sorted[0] < 1) {
      throw invalidArg("%s must hold uids from 1 to 2^63-1: %d", name, sorted[0]);
    }
    int n = 0;
    for (int i = 0; i < sorted.length; i++) {
      if (i == 0 || sorted[i] != sorted[i - 1]) {
        sorted[n++] = sorted[i];
      }
    }
    return n == sorted.length ? sorted : java.util.Arrays.copyOf(sorted, n);
  }

  private static LetterboxException invalidArg(String format, Object... args) {
    return LetterboxException.invalid(format, args);
  }

  /** API.md, Lifecycle: messages disappear from 5 seconds to a year after they are sent (decision 0045). */
  static final java.time.Duration MIN_DISAPPEAR_AFTER = java.time.Duration.ofSeconds(5);
  static final java.time.Duration MAX_DISAPPEAR_AFTER = java.time.Duration.ofDays(365);

  /** @return {@code after} in milliseconds, 0 for null (never) */
  static long disappearAfter(java.time.Duration after) {
    if (after == null) {
      return 0;
    }
    if (after.compareTo(MIN_DISAPPEAR_AFTER) < 0 || after.compareTo(MAX_DISAPPEAR_AFTER) > 0) {
      throw LetterboxException.invalid("disappearAfter must be from %s to %s: %s", MIN_DISAPPEAR_AFTER,
          MAX_DISAPPEAR_AFTER, after);
    }
    return after.toMillis();
  }
}
