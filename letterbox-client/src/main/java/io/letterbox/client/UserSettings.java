package io.letterbox.client;

/**
 * A user's own settings. In a change, a null setting keeps its value.
 *
 * @param groupAdds who may add the user to groups: everyone, following (users it follows) or nobody
 */
public record UserSettings(String groupAdds) {
  public static UserSettings groupAdds(String groupAdds) {
    return new UserSettings(groupAdds);
  }
}
