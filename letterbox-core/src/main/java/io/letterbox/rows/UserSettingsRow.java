package io.letterbox.rows;

import io.letterbox.model.UserSettings;

/**
 * A user's settings in its partition's state: a version, then one byte per setting in the order
 * they were introduced. A later version appends settings; an older row decodes with the later
 * ones at their defaults.
 */
public final class UserSettingsRow {
  private static final byte VERSION = 1;

  private UserSettingsRow() {}

  public static byte[] encode(UserSettings settings) {
    return new byte[] {VERSION, (byte) settings.groupAdds().ordinal()};
  }

  /** @return the settings, or the defaults for no row */
  public static UserSettings decode(byte[] row) {
    if (row == null) {
      return UserSettings.DEFAULT;
    }
    return new UserSettings(UserSettings.GroupAdds.values()[row[1]]);
  }
}
