package io.letterbox.engine.write;

import io.letterbox.engine.apply.UserSettingsSet;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.model.UserSettings;
import io.letterbox.rows.UserSettingsRow;
import java.util.List;

/**
 * Changes some of a user's settings, decided by its partition: the others keep their values. A
 * change to what it already has logs nothing. Its result is the settings as they are now.
 */
public final class UserSettingsCommand extends Command<UserSettings> {
  private final long uid;
  private final UserSettings.Change change;

  public UserSettingsCommand(long uid, UserSettings.Change change) {
    this.uid = uid;
    this.change = change;
  }

  @Override
  Decision<UserSettings> decide(EngineContext context) {
    UserSettings now = UserSettingsRow.decode(context.multiGet(Spaces.STATE, List.of(StateKey.settings(uid))).get(0));
    UserSettings next = now.with(change);
    if (next.equals(now)) {
      return Decision.nothing(now);
    }
    return Decision.of(context.ids().next(), new UserSettingsSet(uid, next), next);
  }
}
