package io.letterbox.engine.write;

import io.letterbox.engine.apply.BlockSet;

/** Blocks or unblocks a peer; repeating one changes nothing. */
public final class BlockCommand extends Command<Void> {
  private final long owner;
  private final long peer;
  private final boolean block;

  public BlockCommand(long owner, long peer, boolean block) {
    this.owner = owner;
    this.peer = peer;
    this.block = block;
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    if (context.state().conversations().blocked(owner, peer) == block) {
      return Decision.nothing(null);
    }
    return Decision.of(context.ids().next(), new BlockSet(owner, peer, block), null);
  }
}
