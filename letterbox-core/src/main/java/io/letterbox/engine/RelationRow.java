package io.letterbox.engine;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/** A user's relation to one target: follows, subscribes (with attributes). */
record RelationRow(boolean follows, boolean subscribes, Map<String, String> attributes) {
  static final RelationRow NONE = new RelationRow(false, false, Map.of());

  boolean isEmpty() {
    return !follows && !subscribes;
  }

  byte[] encode() {
    byte[][] parts = new byte[attributes.size() * 2][];
    int size = 1 + 2;
    int i = 0;
    for (Map.Entry<String, String> e : new TreeMap<>(attributes).entrySet()) {
      parts[i] = e.getKey().getBytes(StandardCharsets.UTF_8);
      parts[i + 1] = e.getValue().getBytes(StandardCharsets.UTF_8);
      size += 4 + parts[i].length + parts[i + 1].length;
      i += 2;
    }
    ByteBuffer b = ByteBuffer.allocate(size);
    b.put((byte) ((follows ? 1 : 0) | (subscribes ? 2 : 0))).putShort((short) attributes.size());
    for (byte[] p : parts) {
      b.putShort((short) p.length).put(p);
    }
    return b.array();
  }

  static RelationRow decode(byte[] row) {
    if (row == null) {
      return NONE;
    }
    ByteBuffer b = ByteBuffer.wrap(row);
    byte flags = b.get();
    int n = b.getShort();
    Map<String, String> attributes = new TreeMap<>();
    for (int i = 0; i < n; i++) {
      attributes.put(string(b), string(b));
    }
    return new RelationRow((flags & 1) != 0, (flags & 2) != 0, attributes);
  }

  private static String string(ByteBuffer b) {
    byte[] s = new byte[b.getShort()];
    b.get(s);
    return new String(s, StandardCharsets.UTF_8);
  }
}
