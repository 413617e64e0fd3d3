package io.letterbox.engine.apply;

import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.model.UserSettings;
import io.letterbox.rows.UserSettingsRow;

/**
 * User {@code uid} set its settings, logged by its partition with every setting's value after the
 * change (the change merged into what it had), so that applying needs no earlier state.
 */
public record UserSettingsSet(long uid, UserSettings settings) implements Action {
  static final byte TAG = 29;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    // One byte per setting, in the order they were introduced: later settings are appended.
    w.l(uid).b((byte) settings.groupAdds().ordinal());
  }

  static UserSettingsSet read(ActionCodec.Reader r) {
    long uid = r.l();
    byte groupAdds = r.b();
    if (groupAdds < 0 || groupAdds >= UserSettings.GroupAdds.values().length) {
      throw ActionCodec.corrupt("user settings: groupAdds " + groupAdds);
    }
    return new UserSettingsSet(uid, new UserSettings(UserSettings.GroupAdds.values()[groupAdds]));
  }

  @Override
  public void apply(Applying to) {
    to.batch().put(Spaces.STATE, StateKey.settings(uid), UserSettingsRow.encode(settings));
  }
}
