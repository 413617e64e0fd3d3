package io.letterbox.engine.apply;

import io.letterbox.keys.MembershipKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.rows.ErasureRow;

/**
 * The erasure {@code id} of user {@code uid} found nothing more to do at {@code at} (epoch
 * milliseconds), logged by the user's partition (decision 0044): its row reads done from then on,
 * and the rows of the groups it left go (its memberships, read positions and the messages it
 * deleted from its view there), so that no former group stays in its list. A group it is a member
 * of again (added while the erasure ran) keeps its row.
 */
public record ErasureCompleted(long id, long uid, long at) implements Action {
  static final byte TAG = 36;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(id).l(uid).l(at);
  }

  static ErasureCompleted read(ActionCodec.Reader r) {
    return new ErasureCompleted(r.l(), r.l(), r.l());
  }

  @Override
  public void apply(Applying to) {
    ErasureRow row = to.state().lifecycle().erasure(uid);
    if (row != null && row.id() == id && !row.done()) {
      to.batch().put(Spaces.STATE, StateKey.erasure(uid), row.completed(at).encode());
    }
    to.state().groups().memberships(uid).forEach((gid, membership) -> {
      if (!membership.member()) {
        to.batch().delete(Spaces.MEMBERSHIPS, MembershipKey.of(uid, gid));
        to.state().lifecycle().hiddenInGroup(uid, gid).forEach(key -> to.batch().delete(Spaces.GROUP_HIDDEN, key));
      }
    });
  }
}
