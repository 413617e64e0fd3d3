package io.letterbox.model;

/** A member's role in a group. The owner and admins administer it; the owner hands it over. Never renumbered: stored. */
public enum GroupRole {
  MEMBER, ADMIN, OWNER;

  /** Whether it may add, remove and promote others, and rename the group. */
  public boolean administers() {
    return this != MEMBER;
  }
}
