package io.letterbox.engine.write;

import io.letterbox.engine.apply.GroupCreated;
import io.letterbox.model.Group;

/**
 * Creates a group, decided by its creator's partition (decision 0011): the group's id is a new id
 * of that partition, and the group's partition gets the rest delivered.
 */
public final class CreateGroupCommand extends Command<Group> {
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
  Decision<Group> decide(EngineContext context) {
    long gid = context.ids().next();
    return Decision.of(gid, new GroupCreated(gid, by, name, newMembersSeeAll, members),
        new Group(gid, name, by, members.length, newMembersSeeAll));
  }
}
