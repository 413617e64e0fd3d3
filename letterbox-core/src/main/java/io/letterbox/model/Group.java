package io.letterbox.model;

import io.letterbox.id.Ids;
import java.time.Instant;

/** A group conversation (decision 0011). */
public record Group(long id, String name, long owner, int members, boolean newMembersSeeAll) {
  public Instant createdAt() {
    return Ids.createdAt(id);
  }
}
