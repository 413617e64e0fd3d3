package io.letterbox.engine.apply;

import io.letterbox.keys.MembershipKey;
import io.letterbox.keys.Spaces;
import io.letterbox.rows.MembershipRow;

/**
 * A member's rows of its groups (decision 0011), written by the member's partition, with a
 * {@code group} event in its feed when it joins or leaves.
 */
final class GroupMemberships {
  private GroupMemberships() {}

  /**
   * {@code uid} joined {@code gid} by action {@code joinId}, seeing the group's messages from
   * sequence number {@code fromSeq} (ids above {@code fromId}). A member already is one: nothing
   * changes. One that was removed and is added again sees from its new join.
   */
  static void join(Applying to, long uid, long gid, long joinId, long fromSeq, long fromId) {
    MembershipRow old = to.state().groups().membership(uid, gid);
    if (old != null && old.member()) {
      return;
    }
    to.batch().put(Spaces.MEMBERSHIPS, MembershipKey.of(uid, gid), MembershipRow.joined(joinId, fromSeq, fromId).encode());
    to.event(uid, io.letterbox.rows.FeedRow.group(gid, true), null);
  }

  /**
   * {@code uid} left {@code gid} (or was removed) when its newest message was {@code seq},
   * {@code id}: it keeps what it could see until then.
   */
  static void leave(Applying to, long uid, long gid, long seq, long id) {
    MembershipRow old = to.state().groups().membership(uid, gid);
    if (old == null || !old.member()) {
      return;
    }
    put(to, uid, gid, old.removed(seq, id));
    to.event(uid, io.letterbox.rows.FeedRow.group(gid, false), null);
  }

  static void put(Applying to, long uid, long gid, MembershipRow row) {
    to.batch().put(Spaces.MEMBERSHIPS, MembershipKey.of(uid, gid), row.encode());
  }
}
