package io.letterbox.engine.feed;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;

/**
 * Lets one typing event through per sender and conversation per {@link #PERIOD} (decision 0051):
 * the first of a period passes, the others are coalesced into it. Entries expire with their period,
 * so it holds only the senders typing now.
 */
public final class TypingGate {
  /** At most one typing event per sender and conversation in this long (API.md). */
  public static final Duration PERIOD = Duration.ofSeconds(3);

  private record Key(long from, long conversation, boolean group) {}

  private final Cache<Key, Boolean> recent = Caffeine.newBuilder().expireAfterWrite(PERIOD).build();

  /** @return whether {@code from}'s typing in {@code conversation} (a peer, or a group) is the first of its period */
  public boolean first(long from, long conversation, boolean group) {
    return recent.asMap().putIfAbsent(new Key(from, conversation, group), Boolean.TRUE) == null;
  }
}
