package io.letterbox.client;

import java.util.List;

/**
 * A group to create, by {@code by} (its owner), with its first members.
 *
 * @param newMembersSee fromJoin (when null) or all
 */
public record CreateGroup(long by, String name, List<Long> members, String newMembersSee) {
  public static CreateGroup of(long by, String name, List<Long> members) {
    return new CreateGroup(by, name, List.copyOf(members), null);
  }

  public CreateGroup withNewMembersSee(String newMembersSee) {
    return new CreateGroup(by, name, members, newMembersSee);
  }
}
