package io.letterbox.model;

import java.util.List;

/** A group just created, and the users asked for that were not added (in uid order). */
public record NewGroup(Group group, List<GroupRefusal> refused) {
  public NewGroup {
    refused = List.copyOf(refused);
  }
}
