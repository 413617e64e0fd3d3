package io.letterbox.engine;

import io.letterbox.keys.PairKey;
import io.letterbox.keys.Spaces;
import io.letterbox.log.Action;
import java.util.Map;

/** Follow, unfollow, subscribe (with attributes) or unsubscribe. Repeating one changes nothing. */
final class RelationCommand extends Command<Void> {
  enum Kind { FOLLOW, UNFOLLOW, SUBSCRIBE, UNSUBSCRIBE }

  private final Kind kind;
  private final long uid;
  private final long target;
  private final Map<String, String> attributes;

  RelationCommand(Kind kind, long uid, long target, Map<String, String> attributes) {
    this.kind = kind;
    this.uid = uid;
    this.target = target;
    this.attributes = attributes;
  }

  @Override
  long[] reads() {
    return new long[] {Conflicts.relations(target)};
  }

  @Override
  long[] writes() {
    return new long[] {Conflicts.relations(target)};
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    var store = context.state().store();
    boolean follows = store.get(Spaces.FOLLOWING, PairKey.of(uid, target)) != null;
    Map<String, String> subscription = Attributes.decode(store.get(Spaces.SUBSCRIPTIONS, PairKey.of(uid, target)));
    Action action = switch (kind) {
      case FOLLOW -> follows ? null : new Action.Followed(uid, target);
      case UNFOLLOW -> follows ? new Action.Unfollowed(uid, target) : null;
      case SUBSCRIBE -> attributes.equals(subscription) ? null : new Action.Subscribed(uid, target, attributes);
      case UNSUBSCRIBE -> subscription != null ? new Action.Unsubscribed(uid, target) : null;
    };
    return action == null ? Decision.nothing(null) : Decision.of(context.ids().next(), action, null);
  }
}
