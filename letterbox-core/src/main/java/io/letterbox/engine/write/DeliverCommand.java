package io.letterbox.engine.write;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.apply.Action;
import io.letterbox.engine.apply.ActionCodec;
import io.letterbox.keys.DeliveryKey;
import java.util.ArrayList;
import java.util.List;

/**
 * Applies this partition's part of actions other partitions logged (decision 0007), each exactly
 * once: an origin this partition has applied already is skipped.
 */
public final class DeliverCommand extends Command<Void> {
  private final int partition;
  private final long[] origins;

  public DeliverCommand(int partition, long[] origins) {
    this.partition = partition;
    this.origins = origins;
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    List<Decision.Logged> actions = new ArrayList<>(origins.length);
    for (long origin : origins) {
      if (context.state().delivered(DeliveryKey.of(partition, origin))) {
        continue;
      }
      byte[] entry = context.state().logEntry(origin);
      if (entry == null) {
        // Only committed actions are delivered, and their log entries are written before the commit.
        throw new LetterboxException(ErrorCode.INTERNAL, "delivery of action " + origin + ", which is not in the log");
      }
      Action action = ActionCodec.decode(entry);
      actions.add(new Decision.Logged(origin, action, true));
    }
    return new Decision<>(actions, null);
  }
}
