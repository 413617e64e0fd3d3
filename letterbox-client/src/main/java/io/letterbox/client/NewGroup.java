package io.letterbox.client;

import java.time.Instant;
import java.util.List;

/**
 * A group just created, and those asked for that were not added.
 *
 * @param members how many it has
 * @param newMembersSee fromJoin or all
 * @param refused those of the members asked for that were not added, in uid order
 */
public record NewGroup(long id, String name, long owner, int members, String newMembersSee, Instant createdAt,
    List<GroupRefusal> refused) {
  /** The group, as {@link Groups#get} answers it. */
  public Group group() {
    return new Group(id, name, owner, members, newMembersSee, createdAt);
  }
}
