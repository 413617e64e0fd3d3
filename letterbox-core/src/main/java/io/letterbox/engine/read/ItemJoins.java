package io.letterbox.engine.read;

import io.letterbox.keys.DraftKey;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.Spaces;
import io.letterbox.store.Bytes;
import io.letterbox.store.Space;
import io.letterbox.store.StoreReads;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What a conversation list joins into an owner's items besides their rows: the owner's drafts
 * (decision 0050), of one-to-one and group conversations, and the one-to-one disappearing settings
 * (decision 0045). An owner has few of either: each is read by one bounded scan of the owner's
 * rows and, where this process writes every one (one node hosting every partition), cached per
 * owner, an owner without any too. An owner with more than {@link #CACHED_PER_OWNER} of one has
 * that one read for each page's peers instead.
 */
public final class ItemJoins {
  /** The most rows of one kind an owner's entry holds. */
  static final int CACHED_PER_OWNER = 64;

  /**
   * The owner's drafts (peer → text) and disappearing settings (peer → milliseconds) of a page's
   * peers, and its drafts of the page's groups (group → text).
   */
  public record Joined(Map<Long, String> drafts, Map<Long, Long> disappearAfters, Map<Long, String> groupDrafts) {}

  /** An owner's rows of one kind, by peer: all of them ({@code all}), or none for an owner with too many. */
  private record Rows<V>(Map<Long, V> byPeer, boolean all) {}

  private record Owner(Rows<String> drafts, Rows<Long> disappearAfters) {}

  private static final Owner NONE = new Owner(new Rows<>(Map.of(), true), new Rows<>(Map.of(), true));

  private final StoreReads store;
  private final InProcessCache<Long, Owner> owners = new InProcessCache<>();

  ItemJoins(StoreReads store) {
    this.store = store;
  }

  /**
   * From now on this process writes every draft and disappearing setting and tells this reader of
   * each by {@link #changed}: they are cached, for up to {@code entries} owners.
   */
  public void cacheInProcess(long entries) {
    owners.enable(entries);
  }

  /** One of the owner's drafts or disappearing settings changed (it is in the store now). */
  public void changed(long owner) {
    owners.changed(owner);
  }

  /**
   * @return the owner's drafts and disappearing settings of its conversations with {@code peers},
   *     and its drafts of groups {@code gids}: a group's draft is a row of the owner's drafts too
   *     ({@link DraftKey}), read and cached with them
   */
  public Joined of(long owner, List<Long> peers, List<Long> gids) {
    if (peers.isEmpty() && gids.isEmpty()) {
      return new Joined(Map.of(), Map.of(), Map.of());
    }
    Owner rows = owners.get(owner, o -> {
      Owner read = new Owner(rows(Spaces.DRAFTS, o, ItemJoins::text), rows(Spaces.DISAPPEAR_AFTER, o, ItemJoins::millis));
      return read.equals(NONE) ? NONE : read;
    });
    List<Long> drafted = peers;
    if (!gids.isEmpty()) {
      drafted = new ArrayList<>(peers);
      for (long gid : gids) {
        drafted.add(-gid);
      }
    }
    Map<Long, String> drafts = ofPeers(rows.drafts(), Spaces.DRAFTS, owner, drafted, ItemJoins::text);
    Map<Long, Long> disappearAfters = peers.isEmpty() ? Map.of()
        : ofPeers(rows.disappearAfters(), Spaces.DISAPPEAR_AFTER, owner, peers, ItemJoins::millis);
    if (drafts.isEmpty()) {
      return new Joined(Map.of(), disappearAfters, Map.of());
    }
    Map<Long, String> ofPeers = new HashMap<>();
    Map<Long, String> ofGroups = new HashMap<>();
    drafts.forEach((c, text) -> (c > 0 ? ofPeers : ofGroups).put(Math.abs(c), text));
    return new Joined(ofPeers, disappearAfters, ofGroups);
  }

  private <V> Rows<V> rows(Space space, long owner, Function<byte[], V> decode) {
    Map<Long, V> out = new HashMap<>();
    store.scan(space, PairKey.owner(owner), false, (k, v) -> {
      out.put(PairKey.peer(k), decode.apply(v));
      return out.size() <= CACHED_PER_OWNER;
    });
    return out.size() > CACHED_PER_OWNER ? new Rows<>(Map.of(), false) : new Rows<>(Map.copyOf(out), true);
  }

  private <V> Map<Long, V> ofPeers(Rows<V> rows, Space space, long owner, List<Long> peers, Function<byte[], V> decode) {
    if (rows.all()) {
      return rows.byPeer();
    }
    List<byte[]> keys = new ArrayList<>(peers.size());
    for (long peer : peers) {
      keys.add(PairKey.of(owner, peer));
    }
    List<byte[]> values = store.multiGet(space, keys);
    Map<Long, V> out = new HashMap<>();
    for (int i = 0; i < peers.size(); i++) {
      if (values.get(i) != null) {
        out.put(peers.get(i), decode.apply(values.get(i)));
      }
    }
    return out;
  }

  private static String text(byte[] v) {
    return new String(v, StandardCharsets.UTF_8);
  }

  private static Long millis(byte[] v) {
    return Bytes.getLong(v, 0);
  }
}
