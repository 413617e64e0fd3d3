package io.letterbox.model;

import java.util.Objects;

/**
 * A user's own settings: today who may add it to groups. Set by the user, stored as an action in
 * its partition; a change names only the settings it changes ({@link Change}), the others keep
 * their values.
 */
public record UserSettings(GroupAdds groupAdds) {
  /** What a user has set nothing: anyone may add it to a group. */
  public static final UserSettings DEFAULT = new UserSettings(GroupAdds.EVERYONE);

  public UserSettings {
    Objects.requireNonNull(groupAdds, "groupAdds");
  }

  /** Who may add the user to a group. Never renumbered: stored. */
  public enum GroupAdds {
    /** Anyone it did not block. */
    EVERYONE,
    /** Only users it follows (and did not block). */
    FOLLOWING,
    /** No one: it joins a group only by creating one. */
    NOBODY
  }

  /** A change of some settings: null keeps a setting's value. */
  public record Change(GroupAdds groupAdds) {
    public boolean isEmpty() {
      return groupAdds == null;
    }
  }

  /** These settings with {@code change} applied. */
  public UserSettings with(Change change) {
    return new UserSettings(change.groupAdds() != null ? change.groupAdds() : groupAdds);
  }
}
