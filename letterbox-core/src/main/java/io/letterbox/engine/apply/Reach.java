package io.letterbox.engine.apply;

import io.letterbox.engine.LetterboxConfig;
import io.letterbox.engine.partition.Partitioning;
import io.letterbox.engine.read.StateReader;
import io.letterbox.store.Space;
import io.letterbox.store.StoreReads;
import io.letterbox.store.WriteBatch;
import java.util.ArrayList;
import java.util.List;

/**
 * Which other partitions an action logged by {@code home} writes to: found by applying it with
 * every write dropped, so the answer comes from the action's own {@code apply}. Used to deliver
 * again what a partition's earlier writer logged (decision 0007).
 */
public final class Reach implements Applying {
  private final StateReader state;
  private final io.letterbox.engine.fanout.AudienceResolver audiences;
  private final LetterboxConfig config;
  private final Partitioning partitioning;
  private final int home;
  private final List<Integer> others = new ArrayList<>();

  private Reach(StoreReads store, LetterboxConfig config, Partitioning partitioning, int home) {
    this.state = StateReader.uncached(store, config, ActionCodec::message);
    this.audiences = new io.letterbox.engine.fanout.AudienceResolver(store);
    this.config = config;
    this.partitioning = partitioning;
    this.home = home;
  }

  /** @return the partitions other than {@code home} whose owners {@code action} writes to */
  public static int[] of(Action action, StoreReads store, LetterboxConfig config, Partitioning partitioning, int home) {
    if (!action.reachesOtherOwners() || partitioning.count() == 1) {
      return new int[0];
    }
    Reach reach = new Reach(store, config, partitioning, home);
    action.apply(reach);
    return reach.others.stream().mapToInt(Integer::intValue).toArray();
  }

  @Override
  public StateReader state() {
    return state;
  }

  @Override
  public io.letterbox.engine.fanout.AudienceResolver audiences() {
    return audiences;
  }

  @Override
  public long id() {
    return 0;
  }

  @Override
  public WriteBatch batch() {
    return DROPPED;
  }

  @Override
  public LetterboxConfig config() {
    return config;
  }

  @Override
  public boolean owns(long owner) {
    int p = partitioning.of(owner);
    if (p != home && !others.contains(p)) {
      others.add(p);
    }
    return p == home;
  }

  @Override
  public boolean home() {
    return true;
  }

  @Override
  public void fanOut(io.letterbox.rows.FanoutJobRow job) {}

  @Override
  public void event(long owner, io.letterbox.rows.FeedRow row, io.letterbox.model.Message content) {}

  private static final WriteBatch DROPPED = new WriteBatch() {
    @Override
    public WriteBatch put(Space space, byte[] key, byte[] value) {
      return this;
    }

    @Override
    public WriteBatch delete(Space space, byte[] key) {
      return this;
    }

    @Override
    public WriteBatch increment(Space space, byte[] key, long delta) {
      return this;
    }

    @Override
    public WriteBatch commit(Space space, byte[] key, byte[] value) {
      return this;
    }

    @Override
    public WriteBatch section() {
      return this;
    }

    @Override
    public int size() {
      return 0;
    }
  };
}
