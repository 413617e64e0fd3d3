package io.letterbox.engine;

import java.util.List;

/** Argument checks that say what was wrong; each failure is an INVALID_ARGUMENT. */
final class Validate {
  static final int MAX_LIMIT = 100;
  static final int MAX_IDEMPOTENCY_KEY = 128;

  private Validate() {}

  static long uid(String name, long uid) {
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

  static long messageId(long id) {
    if (id < 1) {
      throw LetterboxException.invalid("message id must be positive: %d", id);
    }
    return id;
  }
}
