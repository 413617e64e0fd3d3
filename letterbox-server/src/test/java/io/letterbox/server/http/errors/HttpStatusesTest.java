package io.letterbox.server.http.errors;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.engine.ErrorCode;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class HttpStatusesTest {

  @Test
  void engineCodesHaveTheStatusesOfTheContract() {
    assertThat(HttpStatuses.of(ErrorCode.INVALID_ARGUMENT)).isEqualTo(400);
    assertThat(HttpStatuses.of(ErrorCode.UNAUTHORIZED)).isEqualTo(401);
    assertThat(HttpStatuses.of(ErrorCode.FORBIDDEN)).isEqualTo(403);
    assertThat(HttpStatuses.of(ErrorCode.NOT_FOUND)).isEqualTo(404);
    assertThat(HttpStatuses.of(ErrorCode.IDEMPOTENCY_CONFLICT)).isEqualTo(409);
    assertThat(HttpStatuses.of(ErrorCode.PAYLOAD_TOO_LARGE)).isEqualTo(413);
    assertThat(HttpStatuses.of(ErrorCode.FREQUENCY_CAPPED)).isEqualTo(429);
    assertThat(HttpStatuses.of(ErrorCode.OVERLOADED)).isEqualTo(429);
    assertThat(HttpStatuses.of(ErrorCode.RATE_LIMITED)).isEqualTo(429);
    assertThat(HttpStatuses.of(ErrorCode.NOT_READY)).isEqualTo(503);
    assertThat(HttpStatuses.of(ErrorCode.INTERNAL)).isEqualTo(500);
  }

  @Test
  void httpOnlyCodesAreClientErrors() {
    assertThat(HttpStatuses.of(HttpCode.INVALID_JSON)).isEqualTo(400);
    assertThat(HttpStatuses.of(HttpCode.METHOD_NOT_ALLOWED)).isEqualTo(405);
    assertThat(HttpStatuses.of(HttpCode.UNSUPPORTED_MEDIA_TYPE)).isEqualTo(415);
    for (HttpCode code : HttpCode.values()) {
      assertThat(HttpStatuses.of(code)).as("%s", code).isBetween(400, 499);
    }
  }

  @Test
  void onlyOverloadRateLimitsNotReadyAndNotOwnerTellTheClientWhenToRetry() {
    for (ErrorCode code : ErrorCode.values()) {
      OptionalInt retry = HttpStatuses.retryAfterSeconds(code);
      if (code == ErrorCode.OVERLOADED || code == ErrorCode.RATE_LIMITED || code == ErrorCode.NOT_READY
          || code == ErrorCode.NOT_OWNER) {
        assertThat(retry).as("%s", code).isPresent();
        assertThat(retry.getAsInt()).isPositive();
      } else {
        assertThat(retry).as("%s", code).isEmpty();
      }
    }
  }
}
