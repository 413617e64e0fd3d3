package io.letterbox.server.auth;

/**
 * Who a request acts as: a service (a configured key, or anyone on a loopback server without keys)
 * with full access, or one user (a user token's {@code sub}).
 *
 * @param uid the user; 0 for a service
 */
public record Principal(long uid) {
  public static final Principal SERVICE = new Principal(0);

  public static Principal user(long uid) {
    if (uid <= 0) {
      throw new IllegalArgumentException("a user is a positive uid: " + uid);
    }
    return new Principal(uid);
  }

  public boolean isService() {
    return uid == 0;
  }
}
