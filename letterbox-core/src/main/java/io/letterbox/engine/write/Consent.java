package io.letterbox.engine.write;

import io.letterbox.keys.PairKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.model.GroupRefusal;
import io.letterbox.model.UserSettings;
import io.letterbox.rows.UserSettingsRow;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Whether users consent to being added to a group by an adder (decision 0023): one that blocked
 * the adder is refused ({@code BLOCKED}), and so is one whose {@code groupAdds} setting excludes
 * it ({@code NOT_ALLOWED}: {@code nobody}, or {@code following} and it does not follow the adder).
 * Decided where the group is changed, from the users' rows as the store has them: the rows live
 * in the users' partitions, so a block or setting written there a moment ago may not be seen yet.
 * Three multi-gets, however many users.
 */
final class Consent {
  /** The users that consent, in the order asked, and the refusals, in the same order. */
  record Outcome(long[] admitted, List<GroupRefusal> refused) {}

  private Consent() {}

  /** @param uids distinct users to add, none of them {@code adder} (adding oneself needs no consent) */
  static Outcome of(EngineContext context, long adder, long[] uids) {
    if (uids.length == 0) {
      return new Outcome(uids, List.of());
    }
    List<byte[]> pairs = new ArrayList<>(uids.length);
    List<byte[]> settingsKeys = new ArrayList<>(uids.length);
    for (long uid : uids) {
      pairs.add(PairKey.of(uid, adder));
      settingsKeys.add(StateKey.settings(uid));
    }
    List<byte[]> blocks = context.multiGet(Spaces.BLOCKED, pairs);
    List<byte[]> settings = context.multiGet(Spaces.STATE, settingsKeys);
    UserSettings.GroupAdds[] adds = new UserSettings.GroupAdds[uids.length];
    List<byte[]> followKeys = new ArrayList<>();
    for (int i = 0; i < uids.length; i++) {
      adds[i] = UserSettingsRow.decode(settings.get(i)).groupAdds();
      if (blocks.get(i) == null && adds[i] == UserSettings.GroupAdds.FOLLOWING) {
        followKeys.add(pairs.get(i));
      }
    }
    List<byte[]> follows = followKeys.isEmpty() ? List.of() : context.multiGet(Spaces.FOLLOWING, followKeys);
    long[] admitted = new long[uids.length];
    int n = 0;
    int f = 0;
    List<GroupRefusal> refused = new ArrayList<>();
    for (int i = 0; i < uids.length; i++) {
      GroupRefusal.Reason reason = null;
      if (blocks.get(i) != null) {
        reason = GroupRefusal.Reason.BLOCKED;
      } else if (adds[i] == UserSettings.GroupAdds.NOBODY
          || (adds[i] == UserSettings.GroupAdds.FOLLOWING && follows.get(f++) == null)) {
        reason = GroupRefusal.Reason.NOT_ALLOWED;
      }
      if (reason == null) {
        admitted[n++] = uids[i];
      } else {
        refused.add(new GroupRefusal(uids[i], reason));
      }
    }
    return new Outcome(Arrays.copyOf(admitted, n), List.copyOf(refused));
  }
}
