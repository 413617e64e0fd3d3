package io.letterbox.engine.write;

import io.letterbox.engine.apply.Action;
import io.letterbox.engine.apply.Followed;
import io.letterbox.engine.apply.Subscribed;
import io.letterbox.engine.apply.Unfollowed;
import io.letterbox.engine.apply.Unsubscribed;
import java.util.Map;

/**
 * Follow, unfollow, subscribe (with attributes, or keeping those it has) or unsubscribe.
 * Repeating one changes nothing.
 */
public final class RelationCommand extends Command<Void> {
  public enum Kind {
    FOLLOW, UNFOLLOW,
    /** Subscribes with the given attributes, replacing those it had. */
    SUBSCRIBE,
    /** Subscribes if it does not; a subscription keeps its attributes (set by services, decision 0023). */
    SUBSCRIBE_KEEPING_ATTRIBUTES,
    UNSUBSCRIBE
  }

  private final Kind kind;
  private final long uid;
  private final long target;
  private final Map<String, String> attributes;

  public RelationCommand(Kind kind, long uid, long target, Map<String, String> attributes) {
    this.kind = kind;
    this.uid = uid;
    this.target = target;
    this.attributes = attributes;
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    boolean follows = context.state().relations().follows(uid, target);
    Map<String, String> subscription = context.state().relations().subscription(uid, target).orElse(null);
    Action action = switch (kind) {
      case FOLLOW -> follows ? null : new Followed(uid, target);
      case UNFOLLOW -> follows ? new Unfollowed(uid, target) : null;
      case SUBSCRIBE -> attributes.equals(subscription) ? null : new Subscribed(uid, target, attributes);
      case SUBSCRIBE_KEEPING_ATTRIBUTES -> subscription != null ? null : new Subscribed(uid, target, attributes);
      case UNSUBSCRIBE -> subscription != null ? new Unsubscribed(uid, target) : null;
    };
    return action == null ? Decision.nothing(null) : Decision.of(context.ids().next(), action, null);
  }
}
