package io.letterbox.rows;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/** A subscription's string attributes as a row value: count, then length-prefixed UTF-8 pairs. */
public final class Attributes {
  private Attributes() {}

  public static byte[] encode(Map<String, String> attributes) {
    TreeMap<String, String> sorted = new TreeMap<>(attributes);
    byte[][] parts = new byte[sorted.size() * 2][];
    int size = 2;
    int i = 0;
    for (Map.Entry<String, String> e : sorted.entrySet()) {
      parts[i] = e.getKey().getBytes(StandardCharsets.UTF_8);
      parts[i + 1] = e.getValue().getBytes(StandardCharsets.UTF_8);
      size += 4 + parts[i].length + parts[i + 1].length;
      i += 2;
    }
    ByteBuffer b = ByteBuffer.allocate(size).putShort((short) sorted.size());
    for (byte[] p : parts) {
      b.putShort((short) p.length).put(p);
    }
    return b.array();
  }

  /** @return the attributes, or null for no row (not subscribed) */
  public static Map<String, String> decode(byte[] row) {
    if (row == null) {
      return null;
    }
    ByteBuffer b = ByteBuffer.wrap(row);
    int n = b.getShort();
    Map<String, String> out = new TreeMap<>();
    for (int i = 0; i < n; i++) {
      out.put(string(b), string(b));
    }
    return out;
  }

  private static String string(ByteBuffer b) {
    byte[] s = new byte[b.getShort()];
    b.get(s);
    return new String(s, StandardCharsets.UTF_8);
  }
}
