package io.letterbox.engine.apply;

import io.letterbox.bitmap.Blocks;
import io.letterbox.engine.read.GroupState;
import io.letterbox.keys.GroupKey;
import io.letterbox.keys.GroupTimelineKey;
import io.letterbox.keys.Spaces;
import io.letterbox.rows.GroupRow;
import io.letterbox.rows.GroupTimelineRow;
import io.letterbox.store.WriteBatch;
import java.util.Collection;
import java.util.List;
import org.roaringbitmap.RoaringBitmap;

/**
 * Group posts vanishing for every member (decision 0045), written by the group's partition in the
 * batch of a post's removal, with nothing per member: their timeline rows go (history, lists, sync
 * and search skip them), their sequence numbers join the group's vanished ones (unread counts,
 * which are sequence numbers against read positions, leave those out), and the header's newest
 * message moves back to the newest still posted if it vanished. A post that vanished already is
 * left as it is, so a replay does the same.
 */
public final class GroupVanishing {
  private GroupVanishing() {}

  static void vanish(Applying to, long gid, long id) {
    vanish(to.state().groups(), to.batch(), gid, List.of(id));
  }

  /**
   * Adds to {@code batch} the vanishing of the posts {@code ids} of group {@code gid}, read from
   * {@code groups} (which need not see the batch).
   */
  public static void vanish(GroupState groups, WriteBatch batch, long gid, Collection<Long> ids) {
    RoaringBitmap vanished = groups.vanished(gid);
    boolean any = false;
    for (long id : ids) {
      GroupTimelineRow post = groups.post(gid, id);
      if (post != null) {
        batch.delete(Spaces.GROUP_TIMELINE, GroupTimelineKey.of(gid, id));
        vanished.add((int) post.seq()); // unsigned: sequence numbers below 2^32
        any = true;
      }
    }
    if (!any) {
      return;
    }
    batch.put(Spaces.GROUPS, GroupKey.vanished(gid), Blocks.serialize(vanished));
    GroupRow header = groups.header(gid);
    if (header != null && ids.contains(header.lastId())) {
      GroupState.Placed newest = groups.atOrBelow(gid, header.lastId() - 1);
      while (newest != null && ids.contains(newest.id())) {
        newest = groups.atOrBelow(gid, newest.id() - 1);
      }
      batch.put(Spaces.GROUPS, GroupKey.header(gid), header.withLastId(newest == null ? 0 : newest.id()).encode());
    }
  }
}
