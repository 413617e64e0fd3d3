package io.letterbox.bench.wrk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The summary line the scripts' done() prints, as the bench reads it. */
class WrkResultTest {
  private static final String OUTPUT = """
      Running 1s test @ http://127.0.0.1:18931
        2 threads and 16 connections
      Requests/sec:   9965.00
      {"requests":10000,"durationUs":2000000,"connectErrors":0,"readErrors":1,"writeErrors":0,"timeouts":2,\
      "non2xx":7,"statuses":{"429":5,"500":2},"p50Us":1260,"p90Us":4664,"p99Us":52700,"maxUs":181000,"meanUs":1500.5}
      """;

  @Test
  void readsTheSummaryLine() {
    WrkResult r = WrkResult.parse(OUTPUT);

    assertThat(r.requests()).isEqualTo(10_000);
    assertThat(r.perSecond()).isEqualTo(5_000.0);
    assertThat(r.p99Micros()).isEqualTo(52_700);
    assertThat(r.statuses()).containsEntry("429", 5L).containsEntry("500", 2L);
  }

  @Test
  void countsNon2xxAnswersAndSocketErrorsAsFailures() {
    WrkResult r = WrkResult.parse(OUTPUT);

    assertThat(r.failures()).isEqualTo(10);
    assertThat(r.failureText()).contains("7 not 2xx", "429:5", "1 read errors", "2 timeouts", "of 10000 requests");
  }

  @Test
  void aRunWithoutFailuresHasNone() {
    WrkResult r = WrkResult.parse(OUTPUT.replace("\"readErrors\":1", "\"readErrors\":0")
        .replace("\"timeouts\":2", "\"timeouts\":0").replace("\"non2xx\":7", "\"non2xx\":0")
        .replace("{\"429\":5,\"500\":2}", "{}"));

    assertThat(r.failures()).isZero();
  }

  @Test
  void outputWithoutTheSummaryIsAClearError() {
    assertThatThrownBy(() -> WrkResult.parse("PANIC: unprotected error in call to Lua API\n"))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("no summary line").hasMessageContaining("PANIC");
  }
}
