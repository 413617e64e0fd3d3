package io.letterbox.client;

import static io.letterbox.client.internal.Route.ADD_FOLLOWERS;
import static io.letterbox.client.internal.Route.BLOCK;
import static io.letterbox.client.internal.Route.FOLLOW;
import static io.letterbox.client.internal.Route.GET_USER_SETTINGS;
import static io.letterbox.client.internal.Route.LIST_BLOCKS;
import static io.letterbox.client.internal.Route.SET_USER_SETTINGS;
import static io.letterbox.client.internal.Route.SUBSCRIBE;
import static io.letterbox.client.internal.Route.UNBLOCK;
import static io.letterbox.client.internal.Route.UNFOLLOW;
import static io.letterbox.client.internal.Route.UNSUBSCRIBE;

import com.fasterxml.jackson.core.type.TypeReference;
import io.letterbox.client.internal.Maps;
import io.letterbox.client.internal.Spec;
import io.letterbox.client.internal.Transport;
import java.util.List;
import java.util.Map;

/** Follows, subscriptions, blocks and a user's settings: who may reach whom. */
public final class Relations extends Resource {
  private static final TypeReference<Page<Blocked>> PAGE = new TypeReference<>() {};

  Relations(Transport transport) {
    super(transport);
  }

  @Maps(FOLLOW)
  public Call<Void> follow(long uid, long target) {
    return call(Spec.of(FOLLOW, uid, target));
  }

  /** What {@code uid} received from {@code target} stays. */
  @Maps(UNFOLLOW)
  public Call<Void> unfollow(long uid, long target) {
    return call(Spec.of(UNFOLLOW, uid, target));
  }

  /** Each of {@code uids} follows {@code target}: a follower graph's import. */
  @Maps(ADD_FOLLOWERS)
  public Call<Void> addFollowers(long target, List<Long> uids) {
    return call(Spec.of(ADD_FOLLOWERS, target).json(Map.of("uids", uids)));
  }

  /**
   * Subscribes with attributes, replacing earlier ones: for services (a user token is refused).
   *
   * @param attributes string pairs that broadcasts' {@code where} match
   */
  @Maps(SUBSCRIBE)
  public Call<Void> subscribe(long uid, long target, Map<String, String> attributes) {
    return call(Spec.of(SUBSCRIBE, uid, target).json(Map.of("attributes", attributes)));
  }

  /** Subscribes without attributes: a subscription {@code uid} has keeps those a service set. */
  @Maps(SUBSCRIBE)
  public Call<Void> subscribe(long uid, long target) {
    return call(Spec.of(SUBSCRIBE, uid, target));
  }

  /** {@code uid}'s own settings (the defaults until it sets any). */
  @Maps(GET_USER_SETTINGS)
  public Call<UserSettings> settings(long uid) {
    return call(Spec.of(GET_USER_SETTINGS, uid), UserSettings.class);
  }

  /** Changes the settings {@code change} names; the others keep their values. @return the settings now */
  @Maps(SET_USER_SETTINGS)
  public Call<UserSettings> setSettings(long uid, UserSettings change) {
    return call(Spec.of(SET_USER_SETTINGS, uid).json(change), UserSettings.class);
  }

  @Maps(UNSUBSCRIBE)
  public Call<Void> unsubscribe(long uid, long target) {
    return call(Spec.of(UNSUBSCRIBE, uid, target));
  }

  /** {@code peer}'s one-to-one messages to {@code uid} are refused from now on. */
  @Maps(BLOCK)
  public Call<Void> block(long uid, long peer) {
    return call(Spec.of(BLOCK, uid, peer));
  }

  @Maps(UNBLOCK)
  public Call<Void> unblock(long uid, long peer) {
    return call(Spec.of(UNBLOCK, uid, peer));
  }

  /** The peers {@code uid} blocked. */
  @Maps(LIST_BLOCKS)
  public Listing<Blocked> blocks(long uid) {
    return listing(() -> Spec.of(LIST_BLOCKS, uid), PAGE);
  }

  /** One blocked peer. */
  public record Blocked(long peer) {}
}
