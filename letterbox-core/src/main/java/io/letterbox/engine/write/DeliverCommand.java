package io.letterbox.engine.write;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.apply.Action;
import io.letterbox.engine.apply.ActionCodec;
import io.letterbox.keys.DeliveryKey;
import io.letterbox.keys.LogKey;
import io.letterbox.keys.Spaces;
import java.util.ArrayList;
import java.util.List;

/**
 * Applies this partition's part of actions other partitions logged (decision 0007), each exactly
 * once: an origin this partition has applied already is skipped.
 */
public final class DeliverCommand extends Command<Void> {
  private final int partition;
  private final long[] origins;
  private final Action[] known;

  /**
   * @param known the origins' actions, one each, when the delivering partition is hosted in this
   *     process; null: read from the log
   */
  public DeliverCommand(int partition, long[] origins, Action[] known) {
    if (known != null && known.length != origins.length) {
      throw new IllegalArgumentException("one action per origin");
    }
    this.partition = partition;
    this.origins = origins;
    this.known = known;
  }

  /** Whether each origin was applied here, and the log entries of those it does not know. */
  @Override
  void readAhead(ReadAhead readAhead) {
    for (int i = 0; i < origins.length; i++) {
      readAhead.want(Spaces.DELIVERIES, DeliveryKey.of(partition, origins[i]));
      if (known == null) {
        readAhead.want(Spaces.LOG, LogKey.of(origins[i]));
      } else {
        known[i].readAhead(readAhead::want);
      }
    }
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    List<byte[]> deliveryKeys = new ArrayList<>(origins.length);
    for (long origin : origins) {
      deliveryKeys.add(DeliveryKey.of(partition, origin));
    }
    List<byte[]> applied = context.multiGet(Spaces.DELIVERIES, deliveryKeys);
    boolean[] delivered = new boolean[origins.length];
    List<byte[]> logKeys = new ArrayList<>();
    for (int i = 0; i < origins.length; i++) {
      delivered[i] = applied.get(i) != null;
      if (!delivered[i] && known == null) {
        logKeys.add(LogKey.of(origins[i]));
      }
    }
    List<byte[]> entries = logKeys.isEmpty() ? List.of() : context.multiGet(Spaces.LOG, logKeys);
    List<Decision.Logged> actions = new ArrayList<>(origins.length);
    int read = 0;
    for (int i = 0; i < origins.length; i++) {
      if (delivered[i]) {
        continue;
      }
      Action action;
      if (known != null) {
        action = known[i];
      } else {
        byte[] entry = entries.get(read++);
        if (entry == null) {
          // Only committed actions are delivered, and their log entries are written before the commit.
          throw new LetterboxException(ErrorCode.INTERNAL, "delivery of action " + origins[i] + ", which is not in the log");
        }
        action = ActionCodec.decode(entry);
      }
      actions.add(new Decision.Logged(origins[i], action, true));
    }
    return new Decision<>(actions, null);
  }
}
