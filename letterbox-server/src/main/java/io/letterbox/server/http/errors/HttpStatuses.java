package io.letterbox.server.http.errors;

import io.letterbox.engine.ErrorCode;
import io.letterbox.server.http.access.RateLimited;
import java.util.OptionalInt;

/**
 * The one table from error codes to HTTP statuses: every error answer takes its status from here,
 * whether the engine, the HTTP layer or the router refused. The switches have no default, so a
 * code added to {@link ErrorCode} or {@link HttpCode} does not compile until it has a status.
 */
final class HttpStatuses {
  private HttpStatuses() {}

  static int of(ErrorCode code) {
    return switch (code) {
      case INVALID_ARGUMENT -> 400;
      case UNAUTHORIZED -> 401;
      case FORBIDDEN, BLOCKED, NOT_ALLOWED, NOT_SENDER, RECALL_WINDOW_PASSED, EDIT_WINDOW_PASSED, NOT_MEMBER, NOT_GROUP_ADMIN, REJECTED -> 403;
      case NOT_FOUND -> 404;
      case IDEMPOTENCY_CONFLICT, GROUP_FULL, ON_HOLD, BACKUP_RUNNING, BACKUPS_UNAVAILABLE, TOO_MANY_REACTIONS,
          TOO_MANY_PINS -> 409;
      case SYNC_TOO_OLD -> 410;
      case PAYLOAD_TOO_LARGE -> 413;
      case FREQUENCY_CAPPED, OVERLOADED, RATE_LIMITED -> 429;
      case INTERNAL -> 500;
      case NOT_READY, NOT_OWNER, HOOK_UNAVAILABLE -> 503;
    };
  }

  static int of(HttpCode code) {
    return switch (code) {
      case INVALID_JSON -> 400;
      case METHOD_NOT_ALLOWED -> 405;
      case URI_TOO_LONG -> 414;
      case UNSUPPORTED_MEDIA_TYPE -> 415;
      case HEADERS_TOO_LARGE -> 431;
      case RANGE_NOT_SATISFIABLE -> 416;
      case REQUEST_TIMEOUT -> 408;
    };
  }

  /**
   * @return the seconds a client should wait before it tries again ({@code Retry-After}), for the
   *     refusals that mean "not now" rather than "not this"
   */
  static OptionalInt retryAfterSeconds(ErrorCode code) {
    return switch (code) {
      // Overload passes as soon as queues drain: a second is long enough to stop a retry storm.
      case OVERLOADED -> OptionalInt.of(1);
      // A user's limit: the refusal itself ({@link RateLimited}) says when a token is back, and a
      // user's bodies in progress are done within seconds; 1 s at least.
      case RATE_LIMITED -> OptionalInt.of(1);
      // Starting or stopping takes seconds; a load balancer has other nodes meanwhile.
      case NOT_READY -> OptionalInt.of(5);
      // A partition moves between nodes in well under a second once the new owner has it.
      case NOT_OWNER -> OptionalInt.of(1);
      default -> OptionalInt.empty();
    };
  }
}
