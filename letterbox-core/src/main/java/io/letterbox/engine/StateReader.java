package io.letterbox.engine;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.letterbox.id.Ids;
import io.letterbox.keys.LogKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.keys.TimelineKey;
import io.letterbox.keys.PairKey;
import io.letterbox.log.Action;
import io.letterbox.log.ActionCodec;
import io.letterbox.log.MessageCodec;
import io.letterbox.model.FrequencyCap;
import io.letterbox.model.Message;
import io.letterbox.store.Bytes;
import io.letterbox.store.KeyValueStore;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the engine's stored state: messages (through a cache of their immutable contents),
 * watermarks, tombstones, read positions, counters, caps. Shared by the read paths, the
 * sequencer's decisions and the applier.
 */
final class StateReader {
  private final KeyValueStore store;
  private final LetterboxConfig config;
  /** Message contents never change, so caching them by id needs no invalidation. */
  private final Cache<Long, Message> messages;
  /** Every sender's own cap: few, small, and changed only by the sequencer, which refreshes it. */
  private final java.util.concurrent.ConcurrentHashMap<Long, FrequencyCap> caps =
      new java.util.concurrent.ConcurrentHashMap<>();
  private final BroadcastIndex broadcasts;

  StateReader(KeyValueStore store, LetterboxConfig config) {
    this.store = store;
    this.config = config;
    this.broadcasts = new BroadcastIndex(store, config.cachedAudienceBytes());
    this.messages = Caffeine.newBuilder()
        .maximumWeight(config.cachedMessageBytes())
        .weigher((Long id, Message m) -> 96 + 2 * m.text().length())
        .build();
    store.scan(Spaces.CAPS, new io.letterbox.store.KeyRange(new byte[0], null), false, (k, v) -> {
      caps.put(Bytes.getLong(k, 0), decodeCap(v));
      return true;
    });
  }

  KeyValueStore store() {
    return store;
  }

  LetterboxConfig config() {
    return config;
  }

  BroadcastIndex broadcasts() {
    return broadcasts;
  }

  /** @return the message at {@code id}, whoever can see it, or null. */
  Message message(long id) {
    Message cached = messages.getIfPresent(id);
    if (cached != null) {
      return cached;
    }
    Message m = Ids.isImported(id)
        ? importedMessage(id, store.get(Spaces.IMPORTED, LogKey.of(id)))
        : toMessage(store.get(Spaces.LOG, LogKey.of(id)));
    if (m != null) {
      messages.put(id, m);
    }
    return m;
  }

  /** @return the messages at {@code ids}, in order; null where none. */
  List<Message> messages(List<Long> ids) {
    Map<Long, Message> found = new HashMap<>(messages.getAllPresent(ids));
    List<byte[]> missingKeys = new ArrayList<>();
    List<Long> missing = new ArrayList<>();
    for (Long id : ids) {
      if (!found.containsKey(id)) {
        if (Ids.isImported(id)) {
          Message m = message(id);
          if (m != null) {
            found.put(id, m);
          }
        } else {
          missing.add(id);
          missingKeys.add(LogKey.of(id));
        }
      }
    }
    Map<Long, Message> all = new HashMap<>(found);
    if (!missing.isEmpty()) {
      List<byte[]> values = store.multiGet(Spaces.LOG, missingKeys);
      for (int i = 0; i < missing.size(); i++) {
        Message m = toMessage(values.get(i));
        if (m != null) {
          messages.put(missing.get(i), m);
          all.put(missing.get(i), m);
        }
      }
    }
    List<Message> out = new ArrayList<>(ids.size());
    for (Long id : ids) {
      out.add(all.get(id));
    }
    return out;
  }

  private static Message toMessage(byte[] logValue) {
    return logValue == null ? null : ActionCodec.message(logValue);
  }

  private static Message importedMessage(long id, byte[] row) {
    return row == null ? null : MessageCodec.decode(id, row);
  }

  /** @return the id up to which the owner cleared the conversation (0 for none). */
  long watermark(long owner, long peer) {
    List<byte[]> v = store.multiGet(Spaces.STATE,
        List.of(StateKey.conversationWatermark(owner, peer), StateKey.ownerWatermark(owner)));
    return Math.max(longOrZero(v.get(0)), longOrZero(v.get(1)));
  }

  long ownerWatermark(long owner) {
    return longOrZero(store.get(Spaces.STATE, StateKey.ownerWatermark(owner)));
  }

  /** @return the conversation watermarks of the owner by peer. */
  Map<Long, Long> conversationWatermarks(long owner) {
    Map<Long, Long> out = new HashMap<>();
    store.scan(Spaces.STATE, StateKey.conversationWatermarks(owner), false, (k, v) -> {
      out.put(StateKey.conversationWatermarkPeer(k), Bytes.getLong(v, 0));
      return true;
    });
    return out;
  }

  boolean hidden(long owner, long peer, long id) {
    return store.get(Spaces.HIDDEN, TimelineKey.of(owner, peer, id)) != null;
  }

  /** @return the other party of {@code m} for {@code owner}, or 0 if the owner is not one. */
  static long peerOf(long owner, Message m) {
    if (m.kind() == Message.Kind.BROADCAST) {
      return m.from() == owner ? 0 : m.from();
    }
    return m.from() == owner ? m.to() : m.to() == owner ? m.from() : 0;
  }

  /** Whether the owner can see {@code m} in its conversation with {@code peer}. */
  boolean visible(long owner, long peer, Message m) {
    long id = m.id();
    if (id <= watermark(owner, peer) || hidden(owner, peer, id)) {
      return false;
    }
    return m.kind() == Message.Kind.BROADCAST
        ? broadcasts.reached(peer, id, owner)
        : store.get(Spaces.CONVERSATION, TimelineKey.of(owner, peer, id)) != null;
  }

  /** @return each configured device's position in the conversation. */
  Map<String, ReadPosition> positions(long owner, long peer) {
    List<String> devices = config.devices();
    List<byte[]> keys = new ArrayList<>(devices.size());
    for (String d : devices) {
      keys.add(StateKey.readPosition(owner, peer, d));
    }
    List<byte[]> values = store.multiGet(Spaces.STATE, keys);
    Map<String, ReadPosition> out = new HashMap<>();
    for (int i = 0; i < devices.size(); i++) {
      out.put(devices.get(i), ReadPosition.decode(values.get(i)));
    }
    return out;
  }

  /** @return incoming live messages the owner ever got in this conversation. */
  long incoming(long owner, long peer) {
    return store.counter(Spaces.INCOMING, PairKey.of(owner, peer));
  }

  /** Counts every incoming live row of the conversation: what its counter must say. */
  long countIncomingRows(long owner, long peer) {
    long[] count = {0};
    store.scan(Spaces.CONVERSATION, TimelineKey.conversation(owner, peer), false, (k, v) -> {
      if (TimelineFlags.countsAsUnread(v)) {
        count[0]++;
      }
      return true;
    });
    return count[0];
  }

  /** Counts the visible incoming live messages newer than {@code afterId}. */
  long unreadAfter(long owner, long peer, long afterId) {
    long from = Math.max(afterId, watermark(owner, peer));
    if (from == Long.MAX_VALUE) {
      return 0;
    }
    long[] count = {0};
    store.scan(Spaces.CONVERSATION, TimelineKey.range(owner, peer, from + 1, Long.MAX_VALUE), false,
        (k, v) -> {
          if (TimelineFlags.countsAsUnread(v) && !hidden(owner, peer, TimelineKey.id(k))) {
            count[0]++;
          }
          return true;
        });
    return count[0];
  }

  /** @return the sender's cap, else the configured default. */
  Optional<FrequencyCap> cap(long sender) {
    FrequencyCap own = caps.get(sender);
    return own != null ? Optional.of(own) : config.defaultCap();
  }

  /** The sender's cap was written: read it again. */
  void forgetCap(long sender) {
    byte[] v = store.get(Spaces.CAPS, Bytes.ofLong(sender));
    if (v == null) {
      caps.remove(sender);
    } else {
      caps.put(sender, decodeCap(v));
    }
  }

  private static FrequencyCap decodeCap(byte[] v) {
    ByteBuffer b = ByteBuffer.wrap(v);
    return new FrequencyCap(b.getInt(), Duration.ofMillis(b.getLong()));
  }

  static byte[] encodeCap(int messages, long periodMillis) {
    return ByteBuffer.allocate(12).putInt(messages).putLong(periodMillis).array();
  }

  private static long longOrZero(byte[] v) {
    return v == null ? 0 : Bytes.getLong(v, 0);
  }
}
