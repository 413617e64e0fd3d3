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
}
