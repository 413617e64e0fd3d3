package io.letterbox.bench.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SearchLagTest {
  @Test
  void readsTheLagGaugeOfThePrometheusText() {
    String metrics = "# HELP letterbox_search_lag_entries Journal entries not indexed yet\n"
        + "# TYPE letterbox_search_lag_entries gauge\n"
        + "letterbox_search_lag_entries 1234.0\n"
        + "letterbox_event_streams 0.0\n";
    assertThat(SearchLag.parse(metrics)).hasValue(1234);
  }

  @Test
  void aServerWithoutSearchReportsNoLag() {
    assertThat(SearchLag.parse("letterbox_event_streams 0.0\n")).isEmpty();
  }
}
