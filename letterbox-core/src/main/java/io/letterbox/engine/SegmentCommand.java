package io.letterbox.engine;

import io.letterbox.log.Action;

/** Replaces a segment's members or adds to them. */
final class SegmentCommand extends Command<Void> {
  private final String name;
  private final long[] uids;
  private final boolean replace;

  /** @param uids sorted and distinct */
  SegmentCommand(String name, long[] uids, boolean replace) {
    this.name = name;
    this.uids = uids;
    this.replace = replace;
  }

  @Override
  long[] reads() {
    return new long[] {Conflicts.segment(name)};
  }

  @Override
  long[] writes() {
    return new long[] {Conflicts.segment(name)};
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    Action action = replace ? new Action.SegmentReplaced(name, uids) : new Action.SegmentExtended(name, uids);
    return Decision.of(context.ids().next(), action, null);
  }
}
