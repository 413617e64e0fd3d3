package io.letterbox.bench.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * An owner with many one-to-one conversations of one message each, as an account that answered
 * many people once (seed 003's largest has 20 million). Conversation i is with peer i; its message
 * comes from the peer when i is even and from the owner when it is odd, at its own millisecond,
 * times rising with i from {@code startMillis}. Peers are distinct, random-looking uids computed,
 * not stored: i ↦ MIN + (i·a + b) mod {@value #PRIME} is one-to-one, since the modulus is prime.
 * Owners' uids lie above every peer's ({@link #owner}), so no owner is its own peer.
 */
public final class WideOwner implements OldHistory {
  /** The largest prime below 2^32: the peers' uids are below {@code Uids.MIN + PRIME}. */
  static final long PRIME = 4_294_967_291L;

  private final long uid;
  private final int conversations;
  private final long a;
  private final long b;
  private final long startMillis;
  private final long stepMillis;

  /**
   * @param uid an owner's uid ({@link #owner})
   * @param stepMillis milliseconds between one conversation's message and the next (at least 1)
   */
  public WideOwner(long uid, long seed, int conversations, long startMillis, long stepMillis) {
    if (uid < Uids.MIN + PRIME || conversations < 1 || stepMillis < 1) {
      throw new IllegalArgumentException("an owner's uid from owner(k), conversations and step positive");
    }
    this.uid = uid;
    this.conversations = conversations;
    SplittableRandom random = new SplittableRandom(seed ^ uid);
    this.a = random.nextLong(1, PRIME);
    this.b = random.nextLong(PRIME);
    this.startMillis = startMillis;
    this.stepMillis = stepMillis;
  }

  /** The uid of owner number {@code k}: above every peer's, below {@link Uids#MAX}. */
  public static long owner(int k) {
    return Uids.MIN + PRIME + k;
  }

  public long uid() {
    return uid;
  }

  public int conversations() {
    return conversations;
  }

  /** The peer of conversation {@code i}. */
  public long peer(int i) {
    return Uids.MIN + Math.floorMod(i * a + b, PRIME);
  }

  /** @return one message per conversation */
  @Override
  public long messages() {
    return conversations;
  }

  /** The time just after the last message: where the next owner's may start. */
  public long endMillis() {
    return startMillis + conversations * stepMillis;
  }

  @Override
  public void forEach(int chunk, Consumer<List<HistoryMessage>> sink) {
    List<HistoryMessage> batch = new ArrayList<>(chunk);
    for (int i = 0; i < conversations; i++) {
      long peer = peer(i);
      boolean fromPeer = i % 2 == 0;
      batch.add(new HistoryMessage(fromPeer ? peer : uid, fromPeer ? uid : peer, Texts.at(i), startMillis + i * stepMillis));
      if (batch.size() == chunk) {
        sink.accept(batch);
        batch = new ArrayList<>(chunk);
      }
    }
    if (!batch.isEmpty()) {
      sink.accept(batch);
    }
  }
}
