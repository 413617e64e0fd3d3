package io.letterbox.engine.write;

import io.letterbox.engine.apply.GroupCreated;
import io.letterbox.model.Group;
import io.letterbox.model.NewGroup;
import java.util.Arrays;
import java.util.stream.LongStream;

/**
 * Creates a group, decided by its creator's partition (decision 0011): the group's id is a new id
 * of that partition, and the group's partition gets the rest delivered. Those asked for that do
 * not consent to being added by the creator are left out (decision 0023): the logged action
 * names only the members the group has.
 */
public final class CreateGroupCommand extends Command<NewGroup> {
  private final long by;
  private final String name;
  private final boolean newMembersSeeAll;
  private final long[] members;

  /** @param members sorted, distinct, {@code by} among them; checked against max-group-members */
  public CreateGroupCommand(long by, String name, boolean newMembersSeeAll, long[] members) {
    this.by = by;
    this.name = name;
    this.newMembersSeeAll = newMembersSeeAll;
    this.members = members;
  }

  @Override
  Decision<NewGroup> decide(EngineContext context) {
    Consent.Outcome consent = Consent.of(context, by, Arrays.stream(members).filter(uid -> uid != by).toArray());
    long[] admitted = LongStream.concat(Arrays.stream(consent.admitted()), LongStream.of(by)).sorted().toArray();
    long gid = context.ids().next();
    return Decision.of(gid, new GroupCreated(gid, by, name, newMembersSeeAll, admitted),
        new NewGroup(new Group(gid, name, by, admitted.length, newMembersSeeAll), consent.refused()));
  }
}
