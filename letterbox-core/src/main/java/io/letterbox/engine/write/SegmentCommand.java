package io.letterbox.engine.write;

import io.letterbox.engine.apply.Action;
import io.letterbox.engine.apply.SegmentExtended;
import io.letterbox.engine.apply.SegmentReplaced;

/** Replaces a segment's members or adds to them. */
public final class SegmentCommand extends Command<Void> {
  private final String name;
  private final long[] uids;
  private final boolean replace;

  /** @param uids sorted and distinct */
  public SegmentCommand(String name, long[] uids, boolean replace) {
    this.name = name;
    this.uids = uids;
    this.replace = replace;
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    Action action = replace ? new SegmentReplaced(name, uids) : new SegmentExtended(name, uids);
    return Decision.of(context.ids().next(), action, null);
  }
}
