package io.letterbox.server.http.requests;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.server.auth.Principal;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Bounds the request bodies held in memory at once (max-body-buffer-bytes, decisions 0014 and
 * 0020). A body is buffered whole before its route runs, so without a bound a few hundred uploads
 * at once take gigabytes of heap. Bytes are reserved as they arrive, chunk by chunk, not as a
 * request declares them: a client that announces 20 MiB and sends one byte holds one byte. They are
 * given back when the request's response ends or its connection closes (a body that stalls is cut
 * off by body-read-timeout, which frees it too).
 *
 * <p>One user (a user token's uid) may hold at most a quarter of the budget, or one largest body
 * when that is more: past it that user's request is 429 {@code RATE_LIMITED} while other users'
 * bodies still fit. Services (keys, or loopback without keys) share the whole budget. A chunk that
 * finds the whole budget full is 429 {@code OVERLOADED}. Either refusal closes the connection,
 * since the rest of the body stays unread.
 */
public final class BodyBudget {
  /** The part of the budget one user may hold: a quarter, so that at least four users share it. */
  static final int USER_SHARE_DIVISOR = 4;
  private static final LetterboxException FULL = new LetterboxException(ErrorCode.OVERLOADED,
      "too many request bodies in progress (max-body-buffer-bytes); retry shortly");
  private static final LetterboxException USER_FULL = new LetterboxException(ErrorCode.RATE_LIMITED,
      "this user's request bodies in progress hold their share of max-body-buffer-bytes; retry shortly");

  private final ByteBudget budget;
  private final long userShare;
  private final ConcurrentHashMap<Long, Long> byUser = new ConcurrentHashMap<>();

  /** @param largestBody the largest body a route takes: a user may always hold one */
  public BodyBudget(long capacity, long largestBody) {
    this.budget = new ByteBudget(capacity);
    this.userShare = Math.max(capacity / USER_SHARE_DIVISOR, largestBody);
  }

  /** @return an empty hold for the body of a request made as {@code principal} (null: a service's) */
  Hold hold(Principal principal) {
    return new Hold(principal == null ? 0 : principal.uid());
  }

  /**
   * The bytes one request's body holds, growing as they arrive. Used from the request's event loop
   * only; {@link #release} may be called more than once.
   */
  final class Hold {
    private final long uid;
    private long held;
    private boolean released;

    private Hold(long uid) {
      this.uid = uid;
    }

    /** @return null when {@code bytes} more fit, else the refusal (nothing more is then held) */
    LetterboxException take(long bytes) {
      if (released) {
        return FULL;
      }
      if (uid != 0 && !takeForUser(bytes)) {
        return USER_FULL;
      }
      if (!budget.tryReserve(bytes)) {
        giveBackForUser(bytes);
        return FULL;
      }
      held += bytes;
      return null;
    }

    void release() {
      if (!released) {
        released = true;
        budget.release(held);
        giveBackForUser(held);
        held = 0;
      }
    }

    private boolean takeForUser(long bytes) {
      boolean[] fits = {false};
      byUser.compute(uid, (k, now) -> {
        long before = now == null ? 0 : now;
        if (before + bytes > userShare) {
          return now;
        }
        fits[0] = true;
        return before + bytes;
      });
      return fits[0];
    }

    private void giveBackForUser(long bytes) {
      if (uid != 0 && bytes > 0) {
        byUser.computeIfPresent(uid, (k, now) -> now - bytes <= 0 ? null : now - bytes);
      }
    }
  }
}
