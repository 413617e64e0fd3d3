package io.letterbox.server.http.routes;

import static io.vertx.core.http.HttpMethod.GET;
import static io.vertx.core.http.HttpMethod.PUT;

import io.letterbox.engine.Letterbox;
import io.letterbox.engine.LetterboxException;
import io.letterbox.model.UserSettings;
import io.letterbox.server.http.EngineCalls;
import io.letterbox.server.http.Routes;
import io.letterbox.server.http.errors.Replies;
import io.letterbox.server.http.json.JsonBody;
import io.letterbox.server.http.json.JsonViews;
import java.util.Locale;

/** A user's own settings (decision 0023): who may add it to groups. A change names only what it changes. */
public final class UserSettingsRoutes {
  private final Letterbox box;
  private final EngineCalls engine;

  public UserSettingsRoutes(Letterbox box, EngineCalls engine) {
    this.box = box;
    this.engine = engine;
  }

  public void register(Routes routes) {
    routes.add(GET, "/v1/users/:uid/settings", ctx -> {
      long uid = Params.id(ctx, "uid");
      Replies.json(ctx, 200, engine.read(() -> JsonViews.settings(box.relations().userSettings(uid))));
    });

    routes.add(PUT, "/v1/users/:uid/settings", ctx -> {
      long uid = Params.id(ctx, "uid");
      JsonBody b = JsonBody.of(ctx, "groupAdds");
      UserSettings.Change change = new UserSettings.Change(b.optionalString("groupAdds").map(UserSettingsRoutes::groupAdds)
          .orElse(null));
      Replies.json(ctx, 200, engine.write(() -> box.relations().setUserSettings(uid, change)).map(JsonViews::settings));
    });
  }

  private static UserSettings.GroupAdds groupAdds(String value) {
    return switch (value) {
      case "everyone", "following", "nobody" -> UserSettings.GroupAdds.valueOf(value.toUpperCase(Locale.ROOT));
      default -> throw LetterboxException.invalid("groupAdds must be everyone, following or nobody: %s", value);
    };
  }
}
