package io.letterbox.engine.apply;

import io.letterbox.bitmap.Blocks;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.RelationBlockKey;
import io.letterbox.keys.Spaces;
import io.letterbox.rows.ConversationRow;

/**
 * {@code uid} follows {@code target}: in the target's follower blocks and the uid's own list (both
 * the target's partition's, decision 0007), and the uid's conversation with the target leaves
 * the requests folder (the uid's partition's).
 */
public record Followed(long uid, long target) implements Action {
  static final byte TAG = 8;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(uid).l(target);
  }

  static Followed read(ActionCodec.Reader r) {
    return new Followed(r.l(), r.l());
  }

  @Override
  public boolean reachesOtherOwners() {
    return true;
  }

  @Override
  public void readAhead(java.util.function.BiConsumer<io.letterbox.store.Space, byte[]> want) {
    want.accept(Spaces.CONVERSATIONS, PairKey.of(uid, target));
  }

  @Override
  public void apply(Applying to) {
    if (to.owns(target)) {
      int low = Blocks.low(uid);
      BlockSets.modify(to, Spaces.RELATION_BLOCKS, RelationBlockKey.followers(target, Blocks.block(uid)), b -> b.add(low));
      to.batch().put(Spaces.FOLLOWING, PairKey.of(uid, target), Relations.EMPTY);
    }
    if (to.owns(uid)) {
      // Following a peer takes its conversation out of the requests folder.
      ConversationRow row = to.state().conversations().conversationRow(uid, target);
      if (row.request()) {
        ConversationRows.write(to, uid, target, row, row.withRequest(false));
      }
    }
  }
}
