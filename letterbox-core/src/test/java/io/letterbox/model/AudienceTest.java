package io.letterbox.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Audiences are values: two requests for the same receivers are the same request. */
class AudienceTest {
  @Test
  void aListOfReceiversEqualsAnotherWithTheSameUidsInTheSameOrder() {
    Audience.Uids one = new Audience.Uids(new long[] {3, 1, 2});
    Audience.Uids same = new Audience.Uids(new long[] {3, 1, 2});

    assertThat(one).isEqualTo(same).hasSameHashCodeAs(same);
    assertThat(one).isNotEqualTo(new Audience.Uids(new long[] {1, 2, 3}));
    assertThat(new BroadcastRequest(7, "hi", one, BroadcastRequest.Priority.NORMAL, "k", Extras.TEXT))
        .isEqualTo(new BroadcastRequest(7, "hi", same, BroadcastRequest.Priority.NORMAL, "k", Extras.TEXT));
  }
}
